/**
 * Every web address the app links or navigates to, in one place: a page moves by changing its
 * route in routes.ts and its path here (paths.test.ts fails while the two disagree). Addresses
 * with parameters are functions. API addresses (/api/…) are not pages and are not listed.
 *
 * No imports: routes.ts reads this module (through prerendered-paths.ts) before the app's aliases
 * exist.
 */
export const paths = {
  home: '/',
  features: '/features',
  pricing: '/pricing',
  marketplace: '/marketplace',
  /** A published listing's page and a seller's page (rendered on the server with their meta). */
  marketplaceListing: (id: string) => `/marketplace/listings/${id}`,
  marketplaceSeller: (slug: string) => `/marketplace/sellers/${slug}`,
  /** A bookable service's page (bookings, D22): its free times, booked and paid there. */
  bookingService: (id: string) => `/marketplace/services/${id}`,
  /** The directory of approved schools, business partners and charities, and each one's profile (rendered on the server). */
  directory: '/directory',
  directoryProfile: (slug: string) => `/directory/${encodeURIComponent(slug)}`,
  basket: '/basket',
  /** Charities' campaigns (D24): the active ones, and a campaign's page (rendered on the server with its meta). */
  funding: '/funding',
  fundingCampaign: (slug: string) => `/funding/${slug}`,
  contact: '/contact',
  contactSpecialists: '/contact-specialists',
  demo: '/demo',
  applicationSubmitted: '/application-submitted',
  notFound: '/not-found',
  guardianConsent: '/guardian-consent',
  /** A young entrepreneur's guardian approves the shop or a listing from the e-mailed link (D23). */
  guardianShopApproval: '/guardian/shop-approval',
  /** Payouts of business partners, charities and shops (features/payouts), the guardian's view and link. */
  payouts: {
    business: '/dashboard/business/payouts',
    charity: '/dashboard/charity/payouts',
    entrepreneur: '/dashboard/entrepreneur/payouts',
    guardian: '/dashboard/parent/shop-payouts',
    /** The consenting guardian's e-mailed link: confirms a shop's new bank account (D23). */
    guardianConfirm: '/payout-account/confirm',
    businessBilling: '/dashboard/business/billing',
  },
  newsletter: {
    confirm: '/newsletter/confirm',
    unsubscribe: '/newsletter/unsubscribe',
  },
  /** The legal pages and the knowledge base, rendered from content/legal at build time. */
  legal: {
    terms: '/terms',
    privacyPolicy: '/privacy-policy',
    termsOfService: '/terms-of-service',
    refundsReturns: '/refunds-returns',
    cookiePolicy: '/cookie-policy',
    responsibleDisclosure: '/responsible-disclosure',
    termsOfUse: '/terms-of-use',
    sponsorshipTerms: '/sponsorship-terms',
    vouchersCoupons: '/vouchers-coupons',
    serviceLevelAgreement: '/service-level-agreement',
    knowledgeBase: '/knowledge-base',
  },
  /** The old address of the privacy policy, which redirects to it. */
  privacy: '/privacy',

  auth: {
    login: '/login',
    /** Sign-in that returns to `target` (a path of this site) afterwards. */
    loginFor: (target: string) => `/login?redirectTo=${encodeURIComponent(target)}`,
    /** Where a sign-out lands: the sign-in page, told the session has just ended. */
    loggedOut: '/login?reset=true',
    register: '/register',
    forgotPassword: '/forgot-password',
    resetPassword: '/reset-password',
    verification: '/verification',
    /** Where the e-mail verification link lands; Better Auth appends `&error=CODE` when the link is bad. */
    verificationFromLink: '/verification?from=link',
    unauthorized: '/unauthorized',
  },
  account: {
    profile: '/profile',
    settings: '/settings',
    payments: '/payments',
    guardianLink: '/guardian-link',
    /** The donor's gifts and s18A receipts (the checkout returns here after a donation). */
    donations: '/donations',
  },
  /** An applicant's way to an approved account: the wizard, then the package's payment. */
  registration: {
    steps: '/registration-steps',
    subscriptionCheckout: '/subscription-checkout',
    paymentSuccess: '/payment-success',
    /** The payment return of one order. */
    paymentSuccessOf: (orderId: string) => `/payment-success?order=${orderId}`,
    paymentCancel: '/payment-cancel',
  },
  checkout: '/checkout',
  /** The sandbox payment gateway's hosted checkout of one order. */
  sandboxCheckout: (orderId: string) => `/payments/sandbox/${encodeURIComponent(orderId)}`,

  dashboard: {
    /** Sends each person on to their own dashboard. */
    root: '/dashboard',
    school: '/dashboard/school',
    teacher: '/dashboard/teacher',
    parent: '/dashboard/parent',
    student: '/dashboard/student',
    studentAssignments: '/dashboard/student/assignments',
    entrepreneur: '/dashboard/entrepreneur',
    /** The young entrepreneur's shop: listings, orders, earnings and payouts. */
    entrepreneurListings: '/dashboard/entrepreneur/listings',
    entrepreneurOrders: '/dashboard/entrepreneur/orders',
    entrepreneurEarnings: '/dashboard/entrepreneur/earnings',
    entrepreneurPayouts: '/dashboard/entrepreneur/payouts',
    /** A guardian's page: the shops they consented to, what waits for their approval, sales. */
    shopApprovals: '/dashboard/shop-approvals',
    business: '/dashboard/business',
    /** A business module (listings, reviews…) not built yet. */
    businessModule: (module: string) => `/dashboard/business/${module}`,
    charity: '/dashboard/charity',
    /** What the directory profile of a business partner or a charity shows (a school's is under its settings). */
    businessPublicProfile: '/dashboard/business/public-profile',
    charityPublicProfile: '/dashboard/charity/public-profile',
    customer: '/dashboard/customer',
    /** The signed-in person's bookings (lessons, consultations, classes): join links, .ics, cancel. */
    myBookings: '/dashboard/bookings',
    /** The provider's bookings: calendar, list, services and availability. */
    businessBookings: '/dashboard/business/bookings',
    /** A parent's school fees: every family account they pay, Pay now, and the return from paying. */
    parentFinance: '/dashboard/parent/finance',
    /** One of a parent's family accounts: its statement, and paying it. */
    parentFeeAccount: (accountId: string) => `/dashboard/parent/finance/${encodeURIComponent(accountId)}`,
  },
  /** The school's pages for its staff, under the school dashboard. */
  school: {
    learners: '/dashboard/school/students',
    /** The learner list with its search, filters and page: `query` is "" or starts with "?". */
    learnersWith: (query: string) => `/dashboard/school/students${query}`,
    newLearner: '/dashboard/school/students/new',
    importLearners: '/dashboard/school/students/import',
    learner: (learnerId: string) => `/dashboard/school/students/${encodeURIComponent(learnerId)}`,
    classes: '/dashboard/school/classes',
    teachers: '/dashboard/school/teachers',
    timetable: '/dashboard/school/timetable',
    attendance: '/dashboard/school/attendance',
    /** One class's register on one day. */
    attendanceOf: (classId: string, date: string) => `/dashboard/school/attendance?class=${classId}&date=${date}`,
    billing: '/dashboard/school/settings/billing',
    /** The gradebook of a subject class's term. */
    grades: '/dashboard/school/grades',
    /** The year-end decisions of the classes a class teacher (or the school admin) decides for. */
    yearEnd: '/dashboard/school/year-end',
    /** A term's report cards: a class, the whole school, the year-end decisions. */
    reportCards: '/dashboard/school/report-cards',
    /** The programme of assessment per subject, grade and term. */
    curriculum: '/dashboard/school/curriculum',
    /** A teacher's assignments: set one, and the list to mark. */
    assignments: '/dashboard/school/assignments',
    /** The marking view of one assignment. */
    assignment: (assignmentId: string) => `/dashboard/school/assignments/${encodeURIComponent(assignmentId)}`,
    /** A school module (grades, finance…) not built yet. */
    module: (module: string) => `/dashboard/school/${module}`,
    /** The old address of the school's settings, which redirects to the school's settings. */
    legacySettings: '/admin/school-settings',
  },
  /** The school's settings (D26), for those who manage them. */
  settings: {
    profile: '/dashboard/school/settings',
    calendar: '/dashboard/school/settings/calendar',
    grading: '/dashboard/school/settings/grading',
    notifications: '/dashboard/school/settings/notifications',
    bankAccount: '/dashboard/school/settings/bank-account',
    /** The e-mailed link's page: the school admin confirms a new payout account. */
    bankAccountConfirm: '/dashboard/school/settings/bank-account/confirm',
    roles: '/dashboard/school/settings/roles',
    billing: '/dashboard/school/settings/billing',
    /** What the school's directory profile shows. */
    publicProfile: '/dashboard/school/settings/public-profile',
  },
  /** School admissions: a school's public page, a family's applications, the school's review. */
  admissions: {
    /** A school's own admissions page, the link it shares (its slug never changes). */
    public: (slug: string) => `/schools/${encodeURIComponent(slug)}/admissions`,
    myApplications: '/dashboard/parent/admissions',
    myApplication: (applicationId: string) => `/dashboard/parent/admissions/${encodeURIComponent(applicationId)}`,
    school: '/dashboard/school/admissions',
    schoolApplication: (applicationId: string) =>
      `/dashboard/school/admissions/applications/${encodeURIComponent(applicationId)}`,
  },
  /** Facility rentals (D22): a school's public page, the school's management, a booker's bookings. */
  /** The school's own uniform and stationery shop (D25). */
  schoolShop: {
    /** The shop manager's page: products, stock, the orders board. */
    school: '/dashboard/school/shop',
    /** A parent's School shop: the catalogue, a basket per child, their orders (and the checkout's return). */
    parent: '/dashboard/parent/shop',
  },
  facilities: {
    /** A school's facilities for hire, with availability and booking (server-rendered). */
    public: (slug: string) => `/schools/${encodeURIComponent(slug)}/facilities`,
    school: '/dashboard/school/facilities',
    /** The booker's bookings: customers, parents and every account without a sidebar of its own. */
    mine: '/dashboard/facility-bookings',
    /** The same for a business partner, in the business dashboard. */
    business: '/dashboard/business/facility-bookings',
  },
  /** Extramural activities (D25): the school's management, a coach's day and registers, the families' page. */
  activities: {
    school: '/dashboard/school/activities',
    activity: (activityId: string) => `/dashboard/school/activities/${encodeURIComponent(activityId)}`,
    /** A coach's sessions of today, on a phone. */
    today: '/dashboard/school/activities/today',
    session: (activityId: string, date: string) =>
      `/dashboard/school/activities/${encodeURIComponent(activityId)}/sessions/${encodeURIComponent(date)}`,
    parent: '/dashboard/parent/extramurals',
    learner: '/dashboard/student/extramurals',
  },
  /** School events and tickets (D25). */
  events: {
    /** The school's events: managed with manage_events, otherwise the calendar of one's audience. */
    school: '/dashboard/school/events',
    checkIn: (eventId: string) => `/dashboard/school/events/${encodeURIComponent(eventId)}/check-in`,
    /** A buyer's tickets with their QR codes: parents, customers and every other account. */
    mine: '/dashboard/tickets',
    /** A school's public events, and one of them (server-rendered). */
    publicList: (slug: string) => `/schools/${encodeURIComponent(slug)}/events`,
    public: (slug: string, eventId: string) =>
      `/schools/${encodeURIComponent(slug)}/events/${encodeURIComponent(eventId)}`,
  },
  /** The school library (D25): the librarian's page, a title, a learner's own library. */
  library: {
    school: '/dashboard/school/library',
    title: (titleId: string) => `/dashboard/school/library/titles/${encodeURIComponent(titleId)}`,
    mine: '/dashboard/student/library',
  },
  /** School transport (D25): the transport office's routes and vehicles, and the driver's register. */
  transport: {
    school: '/dashboard/school/transport',
    route: (routeId: string) => `/dashboard/school/transport/routes/${encodeURIComponent(routeId)}`,
    /** The driver's phone screen: today's trips of the routes they drive. */
    trips: '/dashboard/school/transport/trips',
    trip: (routeId: string, period: string) =>
      `/dashboard/school/transport/trips/${encodeURIComponent(routeId)}/${encodeURIComponent(period)}`,
  },
  /** The school's fees and finance, for those who see its financials. */
  finance: {
    overview: '/dashboard/school/finance',
    feeStructures: '/dashboard/school/finance/fees',
    invoiceRun: '/dashboard/school/finance/invoice-run',
    accounts: '/dashboard/school/finance/accounts',
    account: (accountId: string) => `/dashboard/school/finance/accounts/${encodeURIComponent(accountId)}`,
    bankImport: '/dashboard/school/finance/bank-import',
    debtors: '/dashboard/school/finance/debtors',
    payouts: '/dashboard/school/finance/payouts',
    exemptions: '/dashboard/school/finance/exemptions',
  },
  console: {
    home: '/console',
    application: (applicationId: string) => `/console/applications/${encodeURIComponent(applicationId)}`,
    jobs: '/console/jobs',
    /** Charities and the operator's check of their PBO numbers (s18A receipts). */
    charities: '/console/charities',
  },
  /** The charity dashboard's pages (D24): campaigns, donors, the profile and thank-you text. */
  charity: {
    campaigns: '/dashboard/charity/campaigns',
    campaign: (campaignId: string) => `/dashboard/charity/campaigns/${encodeURIComponent(campaignId)}`,
    donors: '/dashboard/charity/donors',
    settings: '/dashboard/charity/settings',
  },
  /** Each dashboard's conversations (modules/messages): the same page in each layout. */
  messages: {
    school: '/dashboard/school/messages',
    parent: '/dashboard/parent/messages',
    business: '/dashboard/business/messages',
    /** Customers and every other account with a dashboard of its own. */
    mine: '/dashboard/messages',
  },
  devOutbox: '/dev/outbox',
  devSms: '/dev/sms',
  /** The notification centre, and announcements: sent by the school, read by whoever received them. */
  communication: {
    notifications: '/dashboard/notifications',
    received: (announcementId: string) => `/dashboard/announcements/${encodeURIComponent(announcementId)}`,
    announcements: '/dashboard/school/announcements',
    announcement: (announcementId: string) => `/dashboard/school/announcements/${encodeURIComponent(announcementId)}`,
    smsSettings: '/dashboard/school/settings/sms',
    accountSettings: '/settings',
  },
} as const;
