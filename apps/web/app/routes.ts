import { type RouteConfig, index, layout, route } from '@react-router/dev/routes';
import { LEGAL_PATHS } from './config/prerendered-paths';

export default [
  // The public site: top bar and footer around every page.
  layout('routes/site-layout.tsx', [
    index('routes/home.tsx'),
    route('features', 'routes/features.tsx'),
    route('pricing', 'routes/pricing.tsx'),
    route('marketplace', 'routes/marketplace.tsx'),
    route('basket', 'routes/basket.tsx'),
    route('contact', 'routes/contact.tsx'),
    route('contact-specialists', 'routes/contact-specialists.tsx'),
    route('demo', 'routes/demo.tsx'),
    route('application-submitted', 'routes/application-submitted.tsx'),
    route('newsletter/confirm', 'routes/newsletter-confirm.tsx'),
    route('newsletter/unsubscribe', 'routes/newsletter-unsubscribe.tsx'),
    route('guardian-consent', 'routes/guardian-consent.tsx'),
    // A school's own admissions page (its shareable link).
    route('schools/:slug/admissions', 'routes/school-admissions-public.tsx'),
    ...LEGAL_PATHS.map((path) => route(path.slice(1), 'routes/legal-page.tsx', { id: `legal${path}` })),
    route('privacy', 'routes/privacy-redirect.tsx'),
    route('not-found', 'routes/not-found.tsx'),
    // Accounts: sign-in, sign-up and recovery in the public chrome.
    route('login', 'routes/login.tsx'),
    route('register', 'routes/register.tsx'),
    route('forgot-password', 'routes/forgot-password.tsx'),
    route('reset-password', 'routes/reset-password.tsx'),
    route('verification', 'routes/verification.tsx'),
    route('unauthorized', 'routes/unauthorized.tsx'),
    layout('routes/account-layout.tsx', [
      route('profile', 'routes/profile.tsx'),
      route('settings', 'routes/settings.tsx'),
      route('registration-steps', 'routes/registration-steps.tsx'),
      // Payments: the wizard's payment hand-off and return.
      route('subscription-checkout', 'routes/subscription-checkout.tsx'),
      route('payment-success', 'routes/payment-success.tsx'),
      route('payment-cancel', 'routes/payment-cancel.tsx'),
      route('payments', 'routes/payments.tsx'),
      // The basket's checkout: priced by the server, paid through the provider.
      route('checkout', 'routes/checkout.tsx'),
      // A school asks to link the signed-in account to a learner (the mail's link).
      route('guardian-link', 'routes/guardian-link.tsx'),
    ]),
  ]),
  // Dashboards (spec 2.3): each behind the guard with its role.
  layout('routes/dashboard-layout.tsx', [
    route('dashboard', 'routes/dashboard-redirect.tsx'),
    route('dashboard/school', 'routes/dashboard-school.tsx'),
    // School management: learners and classes, and the empty state of each later module.
    route('dashboard/school/students', 'routes/dashboard-school-students.tsx'),
    route('dashboard/school/students/new', 'routes/dashboard-school-student-new.tsx'),
    route('dashboard/school/students/import', 'routes/dashboard-school-students-import.tsx'),
    route('dashboard/school/students/:learnerId', 'routes/dashboard-school-student-edit.tsx'),
    route('dashboard/school/classes', 'routes/dashboard-school-classes.tsx'),
    route('dashboard/school/teachers', 'routes/dashboard-school-teachers.tsx'),
    // Payments: the school's subscription, under settings/* (spec 2.3).
    route('dashboard/school/settings/billing', 'routes/billing-settings.tsx'),
    route('dashboard/school/timetable', 'routes/dashboard-school-timetable.tsx'),
    route('dashboard/school/attendance', 'routes/dashboard-school-attendance.tsx'),
    // Fees and finance, for those who see the school's financials.
    route('dashboard/school/finance', 'routes/dashboard-school-finance.tsx'),
    route('dashboard/school/finance/fees', 'routes/dashboard-school-finance-fees.tsx'),
    route('dashboard/school/finance/invoice-run', 'routes/dashboard-school-finance-invoice-run.tsx'),
    route('dashboard/school/finance/accounts', 'routes/dashboard-school-finance-accounts.tsx'),
    route('dashboard/school/finance/accounts/:accountId', 'routes/dashboard-school-finance-account.tsx'),
    route('dashboard/school/finance/bank-import', 'routes/dashboard-school-finance-bank-import.tsx'),
    route('dashboard/school/finance/debtors', 'routes/dashboard-school-finance-debtors.tsx'),
    route('dashboard/school/finance/payouts', 'routes/dashboard-school-finance-payouts.tsx'),
    route('dashboard/school/grades', 'routes/dashboard-school-grades.tsx'),
    route('dashboard/school/curriculum', 'routes/dashboard-school-curriculum.tsx'),
    route('dashboard/school/assignments', 'routes/dashboard-school-assignments.tsx'),
    route('dashboard/school/assignments/:assignmentId', 'routes/dashboard-school-assignment.tsx'),
    // Admissions: the school's rounds and its review of applications.
    route('dashboard/school/admissions', 'routes/dashboard-school-admissions.tsx'),
    route('dashboard/school/admissions/applications/:applicationId', 'routes/dashboard-school-admission.tsx'),
    route('dashboard/school/:module/*', 'routes/dashboard-school-module.tsx'),
    route('dashboard/student/assignments', 'routes/dashboard-student-assignments.tsx'),
    route('dashboard/business/:module/*', 'routes/dashboard-business-module.tsx'),
    route('dashboard/teacher', 'routes/dashboard-teacher.tsx'),
    route('dashboard/parent', 'routes/dashboard-parent.tsx'),
    route('dashboard/parent/finance', 'routes/dashboard-parent-finance.tsx'),
    route('dashboard/parent/finance/:accountId', 'routes/dashboard-parent-fee-account.tsx'),
    route('dashboard/parent/admissions', 'routes/dashboard-parent-admissions.tsx'),
    route('dashboard/parent/admissions/:applicationId', 'routes/dashboard-parent-admission.tsx'),
    route('dashboard/student', 'routes/dashboard-student.tsx'),
    route('dashboard/entrepreneur', 'routes/dashboard-entrepreneur.tsx'),
    route('dashboard/business', 'routes/dashboard-business.tsx'),
    route('dashboard/charity', 'routes/dashboard-charity.tsx'),
    route('dashboard/customer', 'routes/dashboard-customer.tsx'),
    route('console', 'routes/dashboard-console.tsx'),
    route('console/applications/:id', 'routes/console-application.tsx'),
    route('console/jobs', 'routes/console-jobs.tsx'),
  ]),
  route('dashboard/admin/*', 'routes/dashboard-legacy-redirect.tsx'),
  route('admin/*', 'routes/dashboard-legacy-redirect.tsx', { id: 'admin-legacy-redirect' }),
  route('dashboard/*', 'routes/dashboard-unknown.tsx'),
  // The sandbox payment gateway's hosted checkout, outside the site chrome like a real gateway's page.
  route('payments/sandbox/:orderId', 'routes/sandbox-checkout.tsx'),
  route('dev/outbox', 'routes/dev-outbox.tsx'),
  route('*', 'routes/catch-all.tsx'),
] satisfies RouteConfig;
