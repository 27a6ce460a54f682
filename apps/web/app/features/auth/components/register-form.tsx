import { useId, useState } from 'react';
import { FormProvider, useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import { Link, useLocation } from 'react-router';
import { MailCheck } from 'lucide-react';
import { toastOnDemand as toast } from '~/lib/toast-on-demand';
import {
  BUSINESS_PARTNER_REGISTRATION_NOTE,
  registerButtonLabel,
  stepTotalFor,
} from '@sekolo/shared/constants/registration';
import type { TSignUpInput, TSignUpValues, toSignUpRequest as TToSignUpRequest } from '@sekolo/shared/schemas/auth';
import { AUTH_MESSAGES } from '@sekolo/shared/schemas/auth-messages';
import { Button } from '~/components/ui/button';
import { EmailField, FieldIdPrefix, PersonNameFields } from '~/components/ui/bound-fields';
import { CheckboxField, FormField } from '~/components/ui/form-field';
import { ApiError } from '~/lib/api-client';
import { signUpWithEmail, VERIFICATION_CALLBACK_URL } from '../api/auth-requests';
import { PasswordField } from './password-field';
import { Alert, AlertDescription, AlertTitle } from '~/components/ui/alert';
import { RoleCards } from './role-cards';
import { paths } from '~/config/paths';
import { useHydrated } from '~/lib/hydration';

const DEFAULT_VALUES: TSignUpInput = {
  firstName: '',
  lastName: '',
  email: '',
  password: '',
  confirmPassword: '',
  role: '',
  termsAccepted: false,
  privacyAccepted: false,
};

/**
 * The sign-up schema (zod) and its react-hook-form resolver, imported when the form is first
 * focused or touched and at the latest when it is validated: zod stays out of the page's first load
 * and its module evaluation out of the hydration.
 */
let signUpModules: Promise<{
  resolver: Resolver<TSignUpInput, unknown, TSignUpValues>;
  toSignUpRequest: typeof TToSignUpRequest;
}> | null = null;
function loadSignUpModules() {
  signUpModules ??= Promise.all([import('@hookform/resolvers/zod'), import('@sekolo/shared/schemas/auth')]).then(
    ([{ zodResolver }, { ZSignUpSchema, toSignUpRequest }]) => ({
      resolver: zodResolver(ZSignUpSchema),
      toSignUpRequest,
    }),
  );
  // A failed import (e.g. offline) is tried again on the next validation.
  signUpModules.catch(() => {
    signUpModules = null;
  });
  return signUpModules;
}

/** zodResolver(ZSignUpSchema), the schema loaded on first use. */
const signUpResolver: Resolver<TSignUpInput, unknown, TSignUpValues> = async (values, context, options) =>
  (await loadSignUpModules()).resolver(values, context, options);

/**
 * Spec 4: 'Back to Registration' in the wizard returns here with what was entered; the name, email
 * and role come back into the form (never a password).
 */
function defaultsFromWizard(state: unknown): TSignUpInput {
  const data = (state as { registrationData?: { userType?: unknown; basicInfo?: Record<string, unknown> } } | null)
    ?.registrationData;
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  if (!data) return DEFAULT_VALUES;
  return {
    ...DEFAULT_VALUES,
    firstName: text(data.basicInfo?.firstName),
    lastName: text(data.basicInfo?.lastName),
    email: text(data.basicInfo?.email),
    role: text(data.userType) as TSignUpInput['role'],
  };
}

/** Spec 5: one toast for what is wrong first: something missing, then the passwords. */
function toastForInvalidForm(errors: FieldErrors<TSignUpInput>) {
  const messages = Object.values(errors).map((error) => error?.message);
  if (messages.includes(AUTH_MESSAGES.missingInformation)) {
    toast.error(AUTH_MESSAGES.missingInformationTitle, { description: AUTH_MESSAGES.missingInformation });
  } else if (errors.confirmPassword?.message === AUTH_MESSAGES.passwordMismatch) {
    toast.error(AUTH_MESSAGES.passwordMismatchTitle, { description: AUTH_MESSAGES.passwordMismatch });
  }
}

/**
 * The register screen's form (spec 2.8, 5). Every role's account is created here: a customer
 * is active at once, the other roles become applicants. The server answers a new address and one
 * that already has an account alike (so no one learns who has an account) and signs no one in:
 * the form then asks the person to check their e-mail. A new account's link verifies the address;
 * after signing in a customer lands on their dashboard, an applicant on /registration-steps. The
 * owner of an existing account gets a mail with links to sign in or reset the password.
 */
export function RegisterForm() {
  const id = useId();
  const location = useLocation();
  const [isProcessing, setIsProcessing] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  // The page is prerendered: the render that hydrates it starts from the empty form as the HTML
  // does; arriving from the wizard (a navigation in the app) brings its values at once.
  const hydrated = useHydrated();
  const form = useForm<TSignUpInput, unknown, TSignUpValues>({
    resolver: signUpResolver,
    defaultValues: hydrated ? defaultsFromWizard(location.state) : DEFAULT_VALUES,
  });
  const { register, handleSubmit, watch, setValue, setError, formState } = form;
  const { errors } = formState;
  const role = watch('role') ?? '';

  async function onValid(values: TSignUpValues) {
    if (isProcessing) return;
    setIsProcessing(true);
    try {
      const { toSignUpRequest } = await loadSignUpModules();
      await signUpWithEmail(toSignUpRequest(values, { callbackURL: VERIFICATION_CALLBACK_URL }));
    } catch (error) {
      setIsProcessing(false);
      const message = error instanceof ApiError && error.message ? error.message : AUTH_MESSAGES.registrationFailed;
      if (error instanceof ApiError && error.code.startsWith('PASSWORD_')) setError('password', { message });
      toast.error('Registration failed', { description: message });
      return;
    }
    setIsProcessing(false);
    setSentTo(values.email);
    toast.success('Check your email', { description: `We sent a message to ${values.email}.` });
  }

  if (sentTo) {
    return (
      <div className="space-y-4">
        <Alert variant="success" role="status">
          <MailCheck aria-hidden="true" />
          <AlertTitle>Check your email</AlertTitle>
          <AlertDescription>
            <p>
              We sent a message to <strong>{sentTo}</strong>. Open the link in it to verify your address, then sign in
              {role && role !== 'customer' ? ' to continue with your application' : ''}.
            </p>
            <p className="mt-2">
              If you already have an account with this address, the message tells you how to sign in or reset your
              password instead. Nothing arrived? Check your spam folder, or register again in a few minutes.
            </p>
          </AlertDescription>
        </Alert>
        <Button asChild className="w-full">
          <Link to={paths.auth.login}>Go to sign in</Link>
        </Button>
      </div>
    );
  }

  return (
    <FormProvider {...form}>
      <FieldIdPrefix prefix={id}>
        <form
          noValidate
          onSubmit={(event) => void handleSubmit(onValid, toastForInvalidForm)(event)}
          onFocus={() => void loadSignUpModules().catch(() => undefined)}
          onPointerDown={() => void loadSignUpModules().catch(() => undefined)}
          className="space-y-6"
        >
          <fieldset className="space-y-3">
            <legend className="text-sm font-semibold text-slate-900">I am registering as</legend>
            <RoleCards
              name={`${id}-role`}
              value={role}
              onChange={(next) => setValue('role', next, { shouldValidate: formState.isSubmitted })}
              describedBy={`${id}-role-note`}
              disabled={!hydrated}
            />
            <p id={`${id}-role-note`} className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
              {BUSINESS_PARTNER_REGISTRATION_NOTE}
            </p>
            {role && role !== 'customer' && (
              <p className="text-sm text-slate-600">
                After creating your account you complete a short application in {stepTotalFor(role)} steps; our team
                reviews it before your dashboard opens.
              </p>
            )}
          </fieldset>

          <div className="grid gap-4 sm:grid-cols-2">
            <PersonNameFields />
          </div>
          <EmailField name="email" />
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField id={`${id}-password`} label="Password" error={errors.password?.message}>
              <PasswordField autoComplete="new-password" {...register('password')} />
            </FormField>
            <FormField id={`${id}-confirmPassword`} label="Confirm password" error={errors.confirmPassword?.message}>
              <PasswordField autoComplete="new-password" {...register('confirmPassword')} />
            </FormField>
          </div>
          <p className="-mt-3 text-xs text-slate-600">At least 8 characters. Very common passwords are not accepted.</p>

          {role === 'customer' && (
            <div className="space-y-3">
              <CheckboxField
                id={`${id}-termsAccepted`}
                label={
                  <>
                    I accept the{' '}
                    <Link
                      to={paths.legal.termsOfService}
                      target="_blank"
                      className="font-medium text-brand-700 underline"
                    >
                      Terms of Service
                    </Link>
                  </>
                }
                error={errors.termsAccepted?.message}
                {...register('termsAccepted')}
              />
              <CheckboxField
                id={`${id}-privacyAccepted`}
                label={
                  <>
                    I accept the{' '}
                    <Link
                      to={paths.legal.privacyPolicy}
                      target="_blank"
                      className="font-medium text-brand-700 underline"
                    >
                      Privacy Policy
                    </Link>
                  </>
                }
                error={errors.privacyAccepted?.message}
                {...register('privacyAccepted')}
              />
            </div>
          )}

          <Button type="submit" size="lg" className="w-full" disabled={!hydrated || isProcessing || role === ''}>
            {isProcessing ? 'Processing...' : registerButtonLabel(role)}
          </Button>
          <p className="text-center text-sm text-slate-600">
            Already have an account?{' '}
            <Link to={paths.auth.login} className="font-semibold text-brand-700 hover:underline">
              Sign in
            </Link>
          </p>
        </form>
      </FieldIdPrefix>
    </FormProvider>
  );
}
