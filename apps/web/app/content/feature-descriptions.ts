import type { TFeatureSectionId } from './features';

/**
 * The full description of each feature section, shown on /features only: a module of its own so
 * the home page, which shows the sections' titles, summaries and points, does not load them.
 */
export const FEATURE_DESCRIPTIONS: Record<TFeatureSectionId, string> = {
  'student-management':
    'Keep one reliable record for each learner: personal details, grade and class, guardians, medical notes and documents. Teachers, classes, the timetable, assignments, grades and the curriculum all hang off the same record, so nobody retypes a class list again. Parent and guardian accounts are created by the school and linked to their children, which keeps access in the right hands.',
  attendance:
    'Teachers take the register for a class in under a minute on a phone, tablet or laptop. Absences and late-coming are visible to the office straight away, and parents see their child’s attendance in their own account. Patterns stand out early, so the school can follow up before a learner falls behind.',
  finance:
    'Set up fee structures per grade, send statements and let parents pay online. Every payment, fee and payout is recorded in a balanced ledger, so the bursar can see what was paid, what is outstanding and what has been paid out to the school’s bank account. Parents get a receipt for every payment.',
  reporting:
    'Produce report cards from the grades teachers have already captured, and get school-wide reports on attendance, academic results and finances for the governing body. Send messages and announcements to a class, a grade or the whole school; messages go out through the school’s own messaging account, so families recognise the sender.',
  directory:
    'Every approved school, business partner and charity gets a public listing with a logo, tagline, address, map link and a description of what they offer. Families looking for a school, and schools looking for a reliable supplier or tutor, can search by type and area. Business listings show their customer rating, so quality is visible.',
  store:
    'Open an online shop for the school: uniforms, stationery packs, year books and branded items. Parents order and pay from their phone, the shop manager sees what to pack, and the money is paid out with the school’s other income. Young entrepreneurs can run their own small shops too, with a guardian’s consent.',
  events:
    'Create an event, set ticket types and prices, and share the link. Parents and the community buy tickets online and receive them by email, and the ticket list is checked at the gate. You always know how many tickets are left and how much has been raised.',
  funding:
    'Start a campaign for a new library, a sports tour or a feeding scheme, set a target and share it. Donors give online and see progress towards the goal. Registered charities can list their causes and reach schools and businesses, and sponsors can support a school directly.',
  subscription:
    'Schools choose one of nine monthly packages based on the number of learners, starting with a 14-day free trial. Business partners pay a small recurring fee that matches their type, and may add a tier that lowers their commission. Subscriptions renew automatically and can be cancelled with two weeks’ notice before the next payment.',
  applications:
    'Families apply for a place online and upload documents such as birth certificates and reports from their phone. The school reviews each application, asks for anything missing and accepts or declines, with every step recorded. The same secure process is how schools, business partners and charities join Sekolo.',
  extramural:
    'Publish extramural activities with their coach, schedule, age group and fee. Parents book a place for their child and pay online; coaches see who is booked and take attendance. Outside providers such as swimming schools and music teachers can offer their programmes to schools through the marketplace.',
  rental:
    'List the school hall, sports fields, pool or classrooms with availability and rates. Churches, clubs and community groups request a booking, the school approves it, and payment is collected online before the date. The calendar prevents double bookings and clashes with school events.',
  classes:
    'Teachers and approved tutors schedule online lessons, share material and set assignments that learners hand in online. Parents can book extra lessons with tutors who have been checked by our team, and pay per session or per course.',
};
