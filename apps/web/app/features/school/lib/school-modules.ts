/**
 * The modules of the school dashboard (spec 1 and 2.3) that later issues fill. Until then each
 * shows its real empty state: what the module will hold and what the school can do today.
 */
export interface IModuleInfo {
  title: string;
  empty: string;
  description: string;
}

export const SCHOOL_MODULES: Record<string, IModuleInfo> = {
  teachers: {
    title: 'Teachers',
    empty: 'No teachers yet',
    description: 'Teachers and other staff you invite appear here, with their role in your school and their classes.',
  },
  attendance: {
    title: 'Attendance',
    empty: 'No registers marked yet',
    description:
      'Daily registers per class appear here once attendance is taken: who is present, absent, late or excused.',
  },
  timetable: {
    title: 'Timetable',
    empty: 'No timetable yet',
    description: 'Your bell schedule and the weekly timetable of each class, teacher and room appear here.',
  },
  assignments: {
    title: 'Assignments',
    empty: 'No assignments yet',
    description: 'Assignments teachers set for their classes appear here, with due dates and submissions.',
  },
  grades: {
    title: 'Grades',
    empty: 'No grades recorded yet',
    description: 'Marks per subject and term appear here once teachers record assessments.',
  },
  curriculum: {
    title: 'Curriculum',
    empty: 'No curriculum set up yet',
    description: 'The CAPS subjects of each phase and your subject classes appear here.',
  },
  reports: {
    title: 'Reports',
    empty: 'No reports yet',
    description: 'Report cards and school reports (enrolment, attendance, results) appear here.',
  },
  finance: {
    title: 'Finance',
    empty: 'No fees or payments yet',
    description: 'School fees, invoices to families and payments received appear here.',
  },
  messages: {
    title: 'Messages',
    empty: 'No messages yet',
    description: 'Messages between the school, staff and families appear here.',
  },
  settings: {
    title: 'Settings',
    empty: 'No school settings changed yet',
    description: 'Your school’s details, academic year, terms and preferences appear here.',
  },
};

export const BUSINESS_MODULES: Record<string, IModuleInfo> = {
  analytics: {
    title: 'Analytics',
    empty: 'No visits yet',
    description: 'Views of your listings and the enquiries they bring appear here.',
  },
  listings: {
    title: 'Listings',
    empty: 'No listings yet',
    description: 'Your products and services on the marketplace appear here.',
  },
  orders: {
    title: 'Orders',
    empty: 'No orders yet',
    description: 'Orders customers paid for appear here.',
  },
  reviews: {
    title: 'Reviews',
    empty: 'No reviews yet',
    description: 'What customers say about your business appears here.',
  },
  messages: {
    title: 'Messages',
    empty: 'No messages yet',
    description: 'Conversations with schools and customers appear here.',
  },
  bookings: {
    title: 'Bookings',
    empty: 'No bookings yet',
    description: 'Sessions and services customers book with you appear here.',
  },
  customers: {
    title: 'Customers',
    empty: 'No customers yet',
    description: 'Schools and families who bought from you appear here.',
  },
  reports: {
    title: 'Reports',
    empty: 'No reports yet',
    description: 'Sales, commission and payout reports appear here.',
  },
  billing: {
    title: 'Billing',
    empty: 'No invoices yet',
    description: 'Your subscription, fees and invoices from Sekolo appear here.',
  },
  settings: {
    title: 'Settings',
    empty: 'No business settings changed yet',
    description: 'Your business profile and preferences appear here.',
  },
};
