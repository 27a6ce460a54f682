import {
  BarChart3,
  BookOpen,
  Bus,
  CalendarCheck,
  CalendarClock,
  ClipboardList,
  CreditCard,
  FileText,
  GraduationCap,
  LayoutDashboard,
  LineChart,
  ListChecks,
  MessageSquare,
  NotebookPen,
  School,
  Settings,
  ShoppingBag,
  Star,
  Store,
  UserRoundCheck,
  Users,
  Wallet,
} from 'lucide-react';
import type { ISidebarSection } from './sidebar-state';

/** The school sidebar, exactly as spec 2.4 lists it (Classes and Reports appear in two sections). */
export const SCHOOL_SIDEBAR_SECTIONS: readonly ISidebarSection[] = [
  {
    label: 'Main',
    items: [
      { label: 'Dashboard', to: '/dashboard/school', icon: LayoutDashboard, end: true },
      { label: 'Students', to: '/dashboard/school/students', icon: GraduationCap },
      { label: 'Teachers', to: '/dashboard/school/teachers', icon: UserRoundCheck },
      { label: 'Classes', to: '/dashboard/school/classes', icon: School },
      { label: 'Attendance', to: '/dashboard/school/attendance', icon: CalendarCheck },
    ],
  },
  {
    label: 'Academic',
    items: [
      { label: 'Classes', to: '/dashboard/school/classes', icon: School },
      { label: 'Timetable', to: '/dashboard/school/timetable', icon: CalendarClock },
      { label: 'Assignments', to: '/dashboard/school/assignments', icon: ClipboardList },
      { label: 'Student Assignments', to: '/dashboard/student/assignments', icon: NotebookPen },
      { label: 'Grades', to: '/dashboard/school/grades', icon: ListChecks },
      { label: 'Curriculum', to: '/dashboard/school/curriculum', icon: BookOpen },
      { label: 'Reports', to: '/dashboard/school/reports', icon: FileText },
    ],
  },
  {
    label: 'Administration',
    items: [
      { label: 'Finance', to: '/dashboard/school/finance', icon: Wallet },
      { label: 'Transport', to: '/dashboard/school/transport', icon: Bus },
      { label: 'Shop', to: '/dashboard/school/shop', icon: ShoppingBag },
      { label: 'Reports', to: '/dashboard/school/reports', icon: FileText },
      { label: 'Settings', to: '/dashboard/school/settings', icon: Settings },
    ],
  },
];

/**
 * The business sidebar (spec 2.4: sections Overview, My Business, Management), with the areas
 * spec 1 gives the business dashboard: analytics, listings, reviews, messages, bookings,
 * customers, reports, billing and settings.
 */
export const BUSINESS_SIDEBAR_SECTIONS: readonly ISidebarSection[] = [
  {
    label: 'Overview',
    items: [
      { label: 'Dashboard', to: '/dashboard/business', icon: LayoutDashboard, end: true },
      { label: 'Analytics', to: '/dashboard/business/analytics', icon: LineChart },
    ],
  },
  {
    label: 'My Business',
    items: [
      { label: 'Listings', to: '/dashboard/business/listings', icon: Store },
      { label: 'Reviews', to: '/dashboard/business/reviews', icon: Star },
      { label: 'Messages', to: '/dashboard/business/messages', icon: MessageSquare },
      { label: 'Bookings', to: '/dashboard/business/bookings', icon: CalendarClock },
      { label: 'Customers', to: '/dashboard/business/customers', icon: Users },
    ],
  },
  {
    label: 'Management',
    items: [
      { label: 'Reports', to: '/dashboard/business/reports', icon: BarChart3 },
      { label: 'Billing', to: '/dashboard/business/billing', icon: CreditCard },
      { label: 'Settings', to: '/dashboard/business/settings', icon: Settings },
    ],
  },
];

/** Which sidebar a dashboard path shows; null keeps the plain layout (parent, customer, console...). */
export function sidebarKindForPath(pathname: string): 'school' | 'business' | null {
  if (pathname === '/dashboard/business' || pathname.startsWith('/dashboard/business/')) return 'business';
  if (/^\/dashboard\/(school|teacher|student)(\/|$)/.test(pathname)) return 'school';
  return null;
}
