import { Inbox } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '~/components/ui/button';
import type { IModuleInfo } from '../lib/school-modules';

/** A module's page before it holds anything: names the module, says what will appear, offers a way on. */
export function ModuleEmptyState({ module, action }: { module: IModuleInfo; action?: { to: string; label: string } }) {
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">{module.title}</h1>
      <section
        data-testid="module-empty-state"
        className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-16 text-center"
      >
        <Inbox className="size-10 text-slate-400" aria-hidden="true" />
        <h2 className="text-lg font-semibold text-slate-900">{module.empty}</h2>
        <p className="max-w-md text-sm text-slate-600">{module.description}</p>
        {action && (
          <Button asChild variant="secondary" size="sm" className="mt-2">
            <Link to={action.to}>{action.label}</Link>
          </Button>
        )}
      </section>
    </div>
  );
}
