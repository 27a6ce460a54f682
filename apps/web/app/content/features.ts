/**
 * The platform's features (spec 1 "advertised features", D11). The /features page shows every
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
  /** The full description on /features. */
  description: string;
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
    description:
      'Keep one reliable record for each learner: personal details, grade and class, guardians, medical notes and documents. Teachers, classes, the timetable, assignments, grades and the curriculum all hang off the same record, so nobody retypes a class list again. Parent and guardian accounts are created by the school and linked to their children, which keeps access in the right hands.',
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
    description:
      'Teachers take the register for a class in under a minute on a phone, tablet or laptop. Absences and late-coming are visible to the office straight away, and parents see their child’s attendance in their own account. Patterns stand out early, so the school can follow up before a learner falls behind.',
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
    description:
      'Set up fee structures per grade, send statements and let parents pay online. Every payment, fee and payout is recorded in a balanced ledger, so the bursar can see what was paid, what is outstanding and what has been paid out to the school’s bank account. Parents get a receipt for every payment.',
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
    description:
      'Produce report cards from the grades teachers have already captured, and get school-wide reports on attendance, academic results and finances for the governing body. Send messages and announcements to a class, a grade or the whole school; messages go out through the school’s own messaging account, so families recognise the sender.',
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
    description:
      'Every approved school, business partner and charity gets a public listing with a logo, tagline, address, map link and a description of what they offer. Families looking for a school, and schools looking for a reliable supplier or tutor, can search by type and area. Business listings show their customer rating, so quality is visible.',
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
    description:
      'Open an online shop for the school: uniforms, stationery packs, year books and branded items. Parents order and pay from their phone, the shop manager sees what to pack, and the money is paid out with the school’s other income. Young entrepreneurs can run their own small shops too, with a guardian’s consent.',
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
    description:
      'Create an event, set ticket types and prices, and share the link. Parents and the community buy tickets online and receive them by email, and the ticket list is checked at the gate. You always know how many tickets are left and how much has been raised.',
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
    description:
      'Start a campaign for a new library, a sports tour or a feeding scheme, set a target and share it. Donors give online and see progress towards the goal. Registered charities can list their causes and reach schools and businesses, and sponsors can support a school directly.',
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
    description:
      'Schools choose one of nine monthly packages based on the number of learners, starting with a 14-day free trial. Business partners pay a small recurring fee that matches their type, and may add a tier that lowers their commission. Subscriptions renew automatically and can be cancelled with two weeks’ notice before the next payment.',
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
    description:
      'Families apply for a place online and upload documents such as birth certificates and reports from their phone. The school reviews each application, asks for anything missing and accepts or declines, with every step recorded. The same secure process is how schools, business partners and charities join Sekolo.',
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
    description:
      'Publish extramural activities with their coach, schedule, age group and fee. Parents book a place for their child and pay online; coaches see who is booked and take attendance. Outside providers such as swimming schools and music teachers can offer their programmes to schools through the marketplace.',
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
    description:
      'List the school hall, sports fields, pool or classrooms with availability and rates. Churches, clubs and community groups request a booking, the school approves it, and payment is collected online before the date. The calendar prevents double bookings and clashes with school events.',
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
    description:
      'Teachers and approved tutors schedule online lessons, share material and set assignments that learners hand in online. Parents can book extra lessons with tutors who have been checked by our team, and pay per session or per course.',
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
