import { useCallback, useEffect, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { stepCompletedMessage, stepTotalFor } from '@sekolo/shared/constants/registration';
import { paymentStepFor, submitStepFor } from '@sekolo/shared/schemas/registration/index';
import type { TUploadedFile } from '@sekolo/shared/schemas/uploads';
import { ApiError, isRefusal } from '~/lib/api-client';
import {
  clearRegistrationData,
  readRegistrationData,
  readStepDrafts,
  registrationDataFromState,
  writeRegistrationData,
  writeStepDrafts,
  type TRegistrationData,
  type TStepDrafts,
} from '~/lib/registration-storage';
import { deleteUploadedFile } from '~/lib/upload-file';
import {
  applicationDraftQueryKey,
  applicationDraftQueryOptions,
  saveApplicationDraft,
  saveStepDraft,
  submitApplication,
  type IApplicationDraft,
} from '../api/application-draft';
import { uploadedFileIdsIn } from '@sekolo/shared/schemas/uploads';
import { createDraftSaver, type TDraftStatus, type TDraftValues } from '../lib/draft-saver';
import { packageDataFor, resolveRegistration } from '../lib/resolve-registration';
import { submitWithRetry } from '../lib/submit-retry';
import { paths } from '~/config/paths';

/** Spec 9: redirect 1000 ms after a successful submission; 500 ms and 1000 ms after the payment return. */
export const SUBMITTED_REDIRECT_DELAY_MS = 1000;
export const PAYMENT_RETURN_SUBMIT_DELAY_MS = 500;

export const WIZARD_TOASTS = {
  stepErrorTitle: 'Error',
  stepError: 'An error occurred processing your data. Please try again.',
  completeTitle: 'Registration Complete',
  complete: 'Your registration is now complete!',
  processingTitle: 'Processing...',
  processing: (seconds: number) =>
    `Our system is busy. Trying again in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}...`,
  tooManyTitle: 'Too Many Attempts',
  tooMany: 'Please wait a few minutes before trying again. Our system is currently busy.',
  submitFailedTitle: 'Submission failed',
  submitFailed: 'There was a problem submitting your application.',
} as const;

export type TWizardPhase = 'loading' | 'ready' | 'submitted';

export interface IWizardUser {
  email: string;
  firstName: string | null;
  lastName: string | null;
}

export interface IUseRegistrationWizard {
  phase: TWizardPhase;
  registration: TRegistrationData | null;
  application: IApplicationDraft | null;
  total: number;
  submitting: boolean;
  completeStep: (data: Record<string, unknown>) => Promise<void>;
  back: () => void;
  /** What a step opens with: its unfinished draft, else what was completed, else nothing. */
  dataFor: (step: number) => Record<string, unknown> | undefined;
  /** The step's form values changed: saved as its draft after a pause, at once when its files changed. */
  changeDraft: (step: number, values: TDraftValues) => void;
  /** Saves the waiting draft now (a field lost focus). */
  flushDraft: () => void;
  /** A file the applicant removed: deleted on the server once no completed step or draft names it. */
  releaseFile: (file: TUploadedFile) => void;
  draftStatus: TDraftStatus;
}

const sleep = (ms: number) => new Promise<void>((resolve) => window.setTimeout(resolve, ms));

/**
 * The wizard's state and actions (spec 2.2, 2.9, 4 "Registration"; wizard contract).
 * `finish` is what the last step does: for applicants, the idempotent submission; for the
 * customer's profile completion, a callback that saves the profile.
 */
export function useRegistrationWizard({
  userType,
  user,
  finish,
}: {
  userType: string;
  user: IWizardUser;
  /** Customer profile completion: saves the data instead of submitting an application. */
  finish?: (registration: TRegistrationData) => Promise<void>;
}): IUseRegistrationWizard {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const total = stepTotalFor(userType);
  const usesServerDraft = finish === undefined;

  const [registration, setRegistration] = useState<TRegistrationData | null>(null);
  const [phase, setPhase] = useState<TWizardPhase>('loading');
  const [submitting, setSubmitting] = useState(false);
  const busy = useRef(false);
  const paymentReturnHandled = useRef(false);
  const leaving = useRef(false);

  const draftQuery = useQuery({ ...applicationDraftQueryOptions, enabled: usesServerDraft });
  const application = draftQuery.data?.application ?? null;

  // The unfinished steps (wizard contract): on the server with the application (files included,
  // so another device finds them), or in local storage for the customer, who has no application.
  const [drafts, setDrafts] = useState<TStepDrafts>({});
  /** The newest values of each step typed since it opened (the state catches up on navigation). */
  const latestDrafts = useRef<TStepDrafts>({});
  const [draftStatus, setDraftStatus] = useState<TDraftStatus>('idle');
  const draftOwner = useRef({ usesServerDraft, userType, email: user.email });
  useEffect(() => {
    draftOwner.current = { usesServerDraft, userType, email: user.email };
  }, [usesServerDraft, userType, user.email]);
  const [saver] = useState(() =>
    createDraftSaver({
      send: async (step, values, { keepalive }) => {
        const owner = draftOwner.current;
        if (owner.usesServerDraft) {
          const saved = await saveStepDraft(step, values, { keepalive });
          queryClient.setQueryData(applicationDraftQueryKey, { application: saved.application });
        } else {
          writeStepDrafts(owner, { ...readStepDrafts(owner), [String(step)]: values });
        }
      },
      statusOf: (error) => (error instanceof ApiError ? error.status : undefined),
      onStatus: setDraftStatus,
      onError: (error) => console.error('Could not save the unfinished step', error),
    }),
  );

  // Leaving the page or the tab, or the wizard, sends what waits (keepalive outlives the page).
  useEffect(() => {
    const leave = () => void saver.flush({ keepalive: true });
    const hidden = () => {
      if (document.visibilityState === 'hidden') leave();
    };
    window.addEventListener('pagehide', leave);
    document.addEventListener('visibilitychange', hidden);
    return () => {
      window.removeEventListener('pagehide', leave);
      document.removeEventListener('visibilitychange', hidden);
      void saver.flush();
    };
  }, [saver]);

  // Load once: navigation state, else local storage, reconciled with the server draft (newer wins).
  useEffect(() => {
    if (registration !== null || leaving.current) return;
    if (usesServerDraft && draftQuery.isPending) return;
    if (draftQuery.error) console.error('Error loading the saved application', draftQuery.error);
    const stored = readRegistrationData();
    if (stored.status === 'unreadable') {
      // Spec 2.2 / 8: unparseable stored data is dropped and the user starts again at /register.
      // The navigation completes after further renders: this effect must not start afresh meanwhile.
      leaving.current = true;
      clearRegistrationData();
      void navigate(paths.auth.register, { replace: true });
      return;
    }
    const resolved = resolveRegistration({
      userType,
      user,
      navState: registrationDataFromState(location.state),
      stored: stored.status === 'ok' ? stored.data : null,
      server: usesServerDraft ? application : null,
    });
    setRegistration(writeRegistrationData(resolved.registration));
    setDrafts(
      resolved.submitted
        ? {}
        : usesServerDraft
          ? application?.userType === userType
            ? (application.stepDrafts ?? {})
            : {}
          : readStepDrafts({ userType, email: user.email }),
    );
    setPhase(resolved.submitted ? 'submitted' : 'ready');
  }, [
    registration,
    usesServerDraft,
    draftQuery.isPending,
    draftQuery.error,
    application,
    userType,
    user,
    location.state,
    navigate,
  ]);

  const update = useCallback((next: TRegistrationData) => {
    const written = writeRegistrationData(next);
    setRegistration(written);
    return written;
  }, []);

  const submitFinal = useCallback(
    async (current: TRegistrationData) => {
      if (finish) {
        await finish(current);
        clearRegistrationData();
        toast.success(WIZARD_TOASTS.completeTitle, { description: WIZARD_TOASTS.complete });
        return;
      }
      // One key per attempt, reused by the retries: the server records the submission once.
      const idempotencyKey = crypto.randomUUID();
      let processingToast: string | number | undefined;
      const outcome = await submitWithRetry({
        send: () => submitApplication(idempotencyKey),
        isRateLimited: (error) => error instanceof ApiError && error.code === 'RATE_LIMITED',
        sleep,
        onRetry: (_retry, delay) => {
          processingToast = toast.loading(WIZARD_TOASTS.processingTitle, {
            id: processingToast,
            description: WIZARD_TOASTS.processing(delay / 1000),
          });
        },
      });
      if (processingToast !== undefined) toast.dismiss(processingToast);
      if (!outcome.ok) {
        const { error } = outcome;
        if (outcome.rateLimited) {
          toast.error(WIZARD_TOASTS.tooManyTitle, { description: WIZARD_TOASTS.tooMany });
        } else {
          const description = isRefusal(error) ? error.message : WIZARD_TOASTS.submitFailed;
          toast.error(WIZARD_TOASTS.submitFailedTitle, { description });
        }
        return;
      }
      clearRegistrationData();
      queryClient.setQueryData(applicationDraftQueryKey, { application: outcome.value.application });
      toast.success(WIZARD_TOASTS.completeTitle, { description: WIZARD_TOASTS.complete });
      window.setTimeout(() => {
        void navigate(paths.applicationSubmitted, {
          replace: true,
          state: { userType: current.userType, email: current.basicInfo.email },
        });
      }, SUBMITTED_REDIRECT_DELAY_MS);
    },
    [finish, navigate, queryClient],
  );

  const completeStep = useCallback(
    async (data: Record<string, unknown>) => {
      const current = registration;
      // Spec 4: a duplicate submission while one is in progress is ignored.
      if (!current || busy.current) return;
      busy.current = true;
      setSubmitting(true);
      try {
        const step = current.currentStep;
        // The draft's last keystrokes first: if completing fails, a reload still finds them.
        await saver.flush();
        const paymentStep = paymentStepFor(current.userType);
        const submitStep = submitStepFor(current.userType);
        const isPayment = step === paymentStep;
        const isSubmit = step >= submitStep;
        const nextStep = isPayment || isSubmit ? step : Math.min(step + 1, total);
        const stepData = { ...current.stepData, [String(step)]: data };
        let next: TRegistrationData = {
          ...current,
          currentStep: nextStep,
          totalSteps: total,
          formData: { ...current.formData, ...data },
          stepData,
          packageData: packageDataFor(current.userType, stepData) ?? current.packageData,
          fromSubscriptionCheckout: false,
        };
        if (usesServerDraft) {
          try {
            const saved = await saveApplicationDraft({ currentStep: nextStep, stepData });
            queryClient.setQueryData(applicationDraftQueryKey, { application: saved.application });
          } catch (error) {
            console.error('Error saving the application step', error);
            const description =
              isRefusal(error) && error.code !== 'UNAUTHORIZED' ? error.message : WIZARD_TOASTS.stepError;
            toast.error(WIZARD_TOASTS.stepErrorTitle, { description });
            // A failed payment-return save is retried by hand from the step ('Submit Application').
            if (current.fromSubscriptionCheckout) update({ ...current, fromSubscriptionCheckout: false });
            return;
          }
        }
        next = update(next);
        // Completed: its draft is gone on the server (PUT /me drops it) and here.
        await saver.discard(step);
        delete latestDrafts.current[String(step)];
        setDrafts(({ [String(step)]: _done, ...rest }) => rest);
        if (!usesServerDraft) {
          const owner = { userType, email: user.email };
          const { [String(step)]: _completed, ...others } = readStepDrafts(owner);
          writeStepDrafts(owner, others);
        }
        if (isSubmit) {
          await submitFinal(next);
          return;
        }
        toast.success(stepCompletedMessage(step, total));
        if (isPayment) {
          // Wizard contract: the checkout gets the whole state (and finds it in local storage too).
          void navigate(paths.registration.subscriptionCheckout, { replace: true, state: next });
          return;
        }
        if (typeof window !== 'undefined') window.scrollTo({ top: 0, behavior: 'smooth' });
      } catch (error) {
        console.error('Error processing the step', error);
        toast.error(WIZARD_TOASTS.stepErrorTitle, { description: WIZARD_TOASTS.stepError });
        if (current.fromSubscriptionCheckout) update({ ...current, fromSubscriptionCheckout: false });
      } finally {
        busy.current = false;
        setSubmitting(false);
      }
    },
    [registration, total, usesServerDraft, update, submitFinal, navigate, queryClient, saver, userType, user.email],
  );

  const back = useCallback(() => {
    if (!registration || busy.current) return;
    // The step being left keeps what was typed: saved now, and shown again when it opens.
    void saver.flush();
    setDrafts((current) => ({ ...current, ...latestDrafts.current }));
    if (registration.currentStep <= 1) {
      // Spec 4: from step 1 back to /register; what was entered stays in local storage.
      void navigate(paths.auth.register, { state: { registrationData: registration } });
      return;
    }
    update({ ...registration, currentStep: registration.currentStep - 1, fromSubscriptionCheckout: false });
    if (typeof window !== 'undefined') window.scrollTo({ top: 0, behavior: 'smooth' });
  }, [registration, navigate, update, saver]);

  const dataFor = useCallback(
    (step: number) => drafts[String(step)] ?? registration?.stepData[String(step)],
    [drafts, registration],
  );

  const changeDraft = useCallback(
    (step: number, values: TDraftValues) => {
      // A copy: the form keeps changing its own objects.
      const copy = JSON.parse(JSON.stringify(values)) as TDraftValues;
      latestDrafts.current[String(step)] = copy;
      saver.change(step, copy);
    },
    [saver],
  );

  const flushDraft = useCallback(() => void saver.flush(), [saver]);

  // The step's data as it opened: not saved again until it changes.
  const openStep = registration?.currentStep;
  useEffect(() => {
    if (phase === 'ready' && openStep !== undefined) saver.prime(openStep, dataFor(openStep));
  }, [phase, openStep, dataFor, saver]);

  const releaseFile = useCallback(
    (file: TUploadedFile) => {
      if (!usesServerDraft) return;
      // After the draft without the file is saved: then nothing the server keeps names it, unless a
      // completed step or another step's draft does (a completed step's file stays until it is replaced).
      void saver
        .flush()
        .then(() => {
          // A draft that could not be saved may still name it on the server: the file stays.
          if (saver.hasUnsaved()) return;
          const kept = uploadedFileIdsIn([registration?.stepData, { ...drafts, ...latestDrafts.current }]);
          if (!kept.includes(file.id)) return deleteUploadedFile(file.id);
        })
        .catch(() => undefined);
    },
    [usesServerDraft, saver, registration, drafts],
  );

  // Return from the checkout (spec 4): ~0.5 s later submit the awaiting-payment step with the
  // payment reference; completing it submits the application and goes to /application-submitted.
  useEffect(() => {
    if (phase !== 'ready' || !registration?.fromSubscriptionCheckout || paymentReturnHandled.current) return;
    paymentReturnHandled.current = true;
    const { transactionRef, packageData } = registration;
    const timer = window.setTimeout(() => {
      void completeStep({ transactionRef: transactionRef ?? '', packageData: packageData ?? null });
    }, PAYMENT_RETURN_SUBMIT_DELAY_MS);
    return () => {
      window.clearTimeout(timer);
      paymentReturnHandled.current = false;
    };
    // completeStep changes identity with `registration`; the ref keeps this to one run.
  }, [phase, registration, completeStep]);

  return {
    phase,
    registration,
    application,
    total,
    submitting,
    completeStep,
    back,
    dataFor,
    changeDraft,
    flushDraft,
    releaseFile,
    draftStatus,
  };
}
