/**
 * The platform's features (spec 1 "advertised features"). The /features page shows every
 * section; the home page shows the summaries. Section ids are the anchors of spec 2.1 and must not
 * change: links elsewhere (and the older navigation) point at them.
 */

export type TFeatureSectionId =
  | 'student-management'
  | 'attendance'
  | 'finance'
  | 'reporting'
  | 'directory'
  | 'store'
  | 'events'
  | 'funding'
  | 'subscription'
  | 'applications'
  | 'extramural'
  | 'rental'
  | 'classes';

export interface IFeatureSection {
  id: TFeatureSectionId;
  title: string;
  /** One sentence for cards and the home page. */
  summary: string;
  points: readonly string[];
  /** Who uses it, in a few words. */
  audience: string;
}

/** School management: the core of every school package. */
export const SCHOOL_MANAGEMENT_SECTIONS: readonly IFeatureSection[] = [
  {
    id: 'student-management',
    title: 'Learner and staff management',
    summary: 'Every learner, class, teacher and guardian in one up-to-date record.',
    points: [
      'Learner profiles with guardians, contact details and documents',
      'Teachers, classes, timetable, assignments and grades',
      'Parent and guardian accounts created and linked by the school',
      'Staff roles with their own permissions, from bursar to librarian',
      'Transport routes and the school library in the same system',
    ],
    audience: 'School administrators, teachers and staff',
  },
  {
    id: 'attendance',
    title: 'Attendance',
    summary: 'Registers on any phone, with parents kept informed the same day.',
    points: [
      'Quick class registers: present, absent, late or excused',
      'Attendance history per learner, class and grade',
      'Parents see their own child’s attendance',
      'Term and year summaries for reporting',
    ],
    audience: 'Teachers, the school office and parents',
  },
  {
    id: 'finance',
    title: 'Fees and finance',
    summary: 'Invoice school fees, collect online and reconcile without spreadsheets.',
    points: [
      'Fee structures per grade, with once-off and recurring items',
      'Online payments with a receipt for every transaction',
      'Outstanding balances and statements per family',
      'Weekly payouts to the school’s bank account',
      'A full audit trail of payments, fees and payouts',
    ],
    audience: 'Bursars, school administrators and parents',
  },
  {
    id: 'reporting',
    title: 'Reports and parent communication',
    summary: 'Report cards, school reports and messages to families from one place.',
    points: [
      'Report cards generated from captured grades',
      'Attendance, academic and finance reports',
      'Announcements and messages to a class, grade or the whole school',
      'Reports to download and share with the governing body',
    ],
    audience: 'Principals, teachers, governing bodies and parents',
  },
];

/** The rest of the platform: for schools and for everyone around them. */
export const PLATFORM_SECTIONS: readonly IFeatureSection[] = [
  {
    id: 'directory',
    title: 'Directory listings',
    summary: 'Help families and partners find your school, shop or service.',
    points: [
      'A public profile for every approved organisation',
      'Search by category, province and town',
      'Ratings and reviews for business partners',
      'Listings only after our team has checked the documents',
    ],
    audience: 'Schools, business partners, charities and families',
  },
  {
    id: 'store',
    title: 'School store',
    summary: 'Sell uniforms, stationery packs and tickets online, with no tuck-shop queue.',
    points: [
      'Products with sizes, stock levels and prices',
      'Orders paid online and packed by the shop manager',
      'Collection at school, with order status for parents',
      'Sales reports by product and period',
    ],
    audience: 'School shop managers, parents and young entrepreneurs',
  },
  {
    id: 'events',
    title: 'Events and ticketing',
    summary: 'Market days, concerts and matric dances with tickets sold and scanned online.',
    points: [
      'Free and paid events with several ticket types',
      'Tickets by email, checked at the gate',
      'Capacity limits and live sales totals',
      'Events in the school calendar for parents and learners',
    ],
    audience: 'Schools, parent associations and charities',
  },
  {
    id: 'funding',
    title: 'Funding and donations',
    summary: 'Run fundraising campaigns and accept donations for your school or cause.',
    points: [
      'Campaigns with a target, a story and progress',
      'Once-off donations paid online',
      'Receipts for every donor',
      'Charities register free of charge',
    ],
    audience: 'Schools, charities, sponsors and donors',
  },
  {
    id: 'subscription',
    title: 'Subscriptions',
    summary: 'Monthly packages for schools and recurring plans for business partners.',
    points: [
      'Nine school packages, every one with all features',
      'A 14-day free trial for schools',
      'Recurring plans and commission tiers for business partners',
      'Invoices and payment history in your account',
    ],
    audience: 'Schools and business partners',
  },
  {
    id: 'applications',
    title: 'Online applications',
    summary: 'Admissions and registrations online, with documents uploaded securely.',
    points: [
      'Application forms with secure document upload',
      'A review queue with status for each application',
      'Email updates to applicants at every step',
      'Private storage: documents are only visible to the people who need them',
    ],
    audience: 'School admissions offices and families',
  },
  {
    id: 'extramural',
    title: 'Extramural bookings',
    summary: 'Sport, music, clubs and holiday programmes booked and paid online.',
    points: [
      'Activities with schedules, age groups and capacity',
      'Bookings and payments by parents',
      'Booking lists and attendance for coaches',
      'Programmes from outside providers and tutors',
    ],
    audience: 'Schools, coaches, tutors and parents',
  },
  {
    id: 'rental',
    title: 'Facility rentals',
    summary: 'Earn extra income by renting out your hall, fields and classrooms.',
    points: [
      'Facilities with photos, rules and hourly or daily rates',
      'Booking requests with approval by the school',
      'Online payment before the booking date',
      'One calendar for rentals and school events',
    ],
    audience: 'Schools and community organisations',
  },
  {
    id: 'classes',
    title: 'Online classes',
    summary: 'Lessons, homework help and courses that learners can join from home.',
    points: [
      'Scheduled online lessons with a class link',
      'Lesson material and assignments in one place',
      'Tutors with checked qualifications and ratings',
      'Per-session or per-course payments',
    ],
    audience: 'Teachers, tutors, learners and parents',
  },
];

export const ALL_FEATURE_SECTIONS: readonly IFeatureSection[] = [...SCHOOL_MANAGEMENT_SECTIONS, ...PLATFORM_SECTIONS];
