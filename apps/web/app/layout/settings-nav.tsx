import { NavLink } from 'react-router';
import { useSession } from '~/features/auth/hooks/use-session';
import { BILLING_ROLES } from '~/features/school/lib/school-access';
import { paths } from '~/config/paths';
import { cn } from '~/lib/cn';

type TViewer = { role: string | null; permissions: readonly string[] };
type TSettingsSection = { to: string; label: string; end?: boolean; show: (viewer: TViewer) => boolean };

const manages = (viewer: TViewer) => viewer.permissions.includes('manage_settings');

/**
 * The school's settings navigation (D26), each section its own address, shown to whoever may open
 * it as the school's permission table says (GET /api/me). Another module's settings page joins by
 * adding a line here: the SMS account's slot is kept for the SMS module's page.
 */
export const SETTINGS_SECTIONS: readonly TSettingsSection[] = [
  { to: paths.settings.profile, label: 'School profile', end: true, show: manages },
  { to: paths.settings.calendar, label: 'Calendar', show: manages },
  { to: paths.settings.grading, label: 'Grading', show: manages },
  { to: paths.settings.notifications, label: 'Notifications', show: manages },
  { to: paths.settings.publicProfile, label: 'Public profile', show: manages },
  // The SMS account's slot (its module's page, /dashboard/school/settings/sms): { to: …, label: 'SMS account', show: manages },
  { to: paths.settings.bankAccount, label: 'Bank account', end: true, show: manages },
  {
    to: paths.settings.roles,
    label: 'Roles and permissions',
    show: (v) => v.permissions.includes('manage_roles') && v.permissions.includes('manage_permissions'),
  },
  {
    to: paths.settings.billing,
    label: 'Billing',
    show: (v) => v.role !== null && (BILLING_ROLES as readonly string[]).includes(v.role),
  },
];

export function SettingsNav() {
  const { role, permissions } = useSession();
  const sections = SETTINGS_SECTIONS.filter((s) => s.show({ role, permissions }));
  return (
    <nav aria-label="Settings" className="-mx-1 overflow-x-auto">
      <ul className="flex min-w-max gap-1 rounded-xl bg-slate-100 p-1">
        {sections.map((section) => (
          <li key={section.to}>
            <NavLink
              to={section.to}
              end={section.end}
              className={({ isActive }) =>
                cn(
                  'inline-flex rounded-lg px-3 py-1.5 text-sm font-medium whitespace-nowrap text-slate-700 hover:text-slate-900',
                  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700',
                  isActive && 'bg-white text-slate-900 shadow-sm',
                )
              }
            >
              {section.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
