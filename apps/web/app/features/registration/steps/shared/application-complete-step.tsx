import { CircleCheck } from 'lucide-react';
import { useNavigate } from 'react-router';
import { Button } from '~/components/ui/button';
import type { IWizardStepProps } from '../../lib/wizard-types';
import { paths } from '~/config/paths';

/** The last step of the paying types (spec 2.9 school step 5): 'Application Complete' and 'Finish'. */
export function ApplicationCompleteStep({ registration }: IWizardStepProps<Record<string, never>>) {
  const navigate = useNavigate();
  return (
    <div className="flex flex-col items-center gap-4 py-8 text-center">
      <CircleCheck className="size-12 text-emerald-600" aria-hidden="true" />
      <h3 className="text-2xl font-bold text-slate-900">Application Complete</h3>
      <p className="max-w-prose text-slate-600">
        Thank you for completing your application. We'll review it and get back to you shortly.
      </p>
      <Button
        size="lg"
        onClick={() =>
          void navigate(paths.applicationSubmitted, {
            replace: true,
            state: { userType: registration.userType, email: registration.basicInfo.email },
          })
        }
      >
        Finish
      </Button>
    </div>
  );
}
