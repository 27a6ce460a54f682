import { useSearchParams } from 'react-router';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '~/components/ui/tabs';
import { Coverage } from './coverage';
import { ProgrammePage } from './programme-page';
import { TeachingPlan } from './teaching-plan';

const VIEWS = ['programme', 'plan', 'coverage'] as const;
type TView = (typeof VIEWS)[number];

/**
 * /dashboard/school/curriculum: the programme of assessment, the annual teaching plan and coverage,
 * one tab each (the tab lives in the address, `view`).
 */
export function CurriculumPage({ canEdit, canSeeSchool }: { canEdit: boolean; canSeeSchool: boolean }) {
  const [params, setParams] = useSearchParams();
  const view: TView = VIEWS.find((v) => v === params.get('view')) ?? 'programme';
  const choose = (next: string) =>
    setParams(
      (current) => {
        const p = new URLSearchParams(current);
        p.set('view', next);
        if (next !== 'coverage') p.delete('class');
        return p;
      },
      { replace: true },
    );
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">Curriculum</h1>
      <Tabs value={view} onValueChange={choose}>
        <TabsList aria-label="Curriculum">
          <TabsTrigger value="programme">Assessment programme</TabsTrigger>
          <TabsTrigger value="plan">Teaching plan</TabsTrigger>
          <TabsTrigger value="coverage">Coverage</TabsTrigger>
        </TabsList>
        <TabsContent value="programme">
          <ProgrammePage canEdit={canEdit} />
        </TabsContent>
        <TabsContent value="plan">
          <TeachingPlan canEdit={canEdit} />
        </TabsContent>
        <TabsContent value="coverage">
          <Coverage canSeeSchool={canSeeSchool} />
        </TabsContent>
      </Tabs>
    </div>
  );
}
