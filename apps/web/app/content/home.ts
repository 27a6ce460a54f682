/** Texts of the home page (spec 2.1: hero, features, testimonials, stats, how it works, get started). */

import { FREE_TRIAL_DAYS } from '@sekolo/shared/constants/trial';

export const HERO = {
  eyebrow: 'The school platform for South Africa',
  headline: 'Run your school, and everything around it, in one place',
  subtext:
    'Sekolo brings school management, fee collection, attendance and parent communication together with a marketplace of trusted suppliers, tutors and charities. Built for South African schools and the families they serve.',
} as const;

export interface ITestimonial {
  quote: string;
  name: string;
  role: string;
  organisation: string;
  place: string;
}

/**
 * Illustrative: the page says so. They describe the everyday problems the platform solves for the
 * kinds of people it is built for; the people and schools are not real.
 */
export const TESTIMONIALS: readonly ITestimonial[] = [
  {
    quote:
      'Our bursar used to spend the first week of every month matching EFT references. Now parents pay online, the statement updates itself and she can see at a glance who is behind.',
    name: 'Nomvula Dlamini',
    role: 'Principal',
    organisation: 'Sunnyridge Primary School',
    place: 'Pietermaritzburg, KwaZulu-Natal',
  },
  {
    quote:
      'The register takes me a minute on my phone, and parents know the same morning if their child did not arrive. The office no longer chases paper registers.',
    name: 'Pieter van der Merwe',
    role: 'Grade 10 teacher',
    organisation: 'Hoërskool Rivierpark',
    place: 'Bloemfontein, Free State',
  },
  {
    quote:
      'We supply uniforms to six schools. Through the marketplace the schools order in one place, and I get paid weekly without sending a single invoice by hand.',
    name: 'Ayesha Patel',
    role: 'Owner',
    organisation: 'Patel School Outfitters',
    place: 'Gqeberha, Eastern Cape',
  },
];

export interface IStep {
  title: string;
  text: string;
}

export const HOW_IT_WORKS: readonly IStep[] = [
  {
    title: 'Create your account',
    text: 'Register as a school, business partner, charity, young entrepreneur or customer. It takes a couple of minutes.',
  },
  {
    title: 'Tell us about your organisation',
    text: 'Complete a short application with your details and documents. Schools choose a package; you can save and continue on any device.',
  },
  {
    title: 'We review and approve',
    text: 'Our team checks every application so families can trust who they deal with. You get an email as soon as you are approved.',
  },
  {
    title: 'Go live',
    text: `Add learners, open your shop, publish events or list your services. Schools pay nothing for the first ${FREE_TRIAL_DAYS} days.`,
  },
];
