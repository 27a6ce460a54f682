import { useCallback, useEffect, useRef, useState } from 'react';

type TActionState<TData> =
  | { status: 'idle'; data: undefined; error: null }
  | { status: 'pending'; data: undefined; error: null }
  | { status: 'success'; data: TData; error: null }
  | { status: 'error'; data: undefined; error: unknown };

const IDLE = { status: 'idle', data: undefined, error: null } as const;

type TActionFlags<TData> =
  | { isPending: false; isSuccess: false; isError: false; data: undefined; error: null }
  | { isPending: true; isSuccess: false; isError: false; data: undefined; error: null }
  | { isPending: false; isSuccess: true; isError: false; data: TData; error: null }
  | { isPending: false; isSuccess: false; isError: true; data: undefined; error: unknown };

/** Narrows like `useMutation`'s result: `isSuccess` means `data` is there. */
export type TAsyncAction<TInput, TData> = TActionFlags<TData> & {
  /** Runs the action; resolves with its answer, rejects with its error (both also kept in the state). */
  mutateAsync: (input: TInput) => Promise<TData>;
  /** Back to idle: forgets the last answer or error. */
  reset: () => void;
};

function flags<TData>(state: TActionState<TData>): TActionFlags<TData> {
  switch (state.status) {
    case 'idle':
      return { isPending: false, isSuccess: false, isError: false, data: undefined, error: null };
    case 'pending':
      return { isPending: true, isSuccess: false, isError: false, data: undefined, error: null };
    case 'success':
      return { isPending: false, isSuccess: true, isError: false, data: state.data, error: null };
    case 'error':
      return { isPending: false, isSuccess: false, isError: true, data: undefined, error: state.error };
  }
}

/**
 * A one-shot request with its state, for the public forms (newsletter box, contact, demo booking):
 * the part of TanStack Query's `useMutation` they use (`mutateAsync`, `reset`, `isPending`,
 * `isSuccess`, `isError`, `data`, `error`), without TanStack Query, so public pages do not load it
 * up front. As with `useMutation`, only the latest call updates the state, and
 * nothing is retried.
 */
export function useAsyncAction<TInput, TData>(action: (input: TInput) => Promise<TData>): TAsyncAction<TInput, TData> {
  const [state, setState] = useState<TActionState<TData>>(IDLE);
  const latest = useRef(0);
  const mounted = useRef(true);
  const actionRef = useRef(action);
  actionRef.current = action;

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const mutateAsync = useCallback(async (input: TInput) => {
    const call = ++latest.current;
    const current = () => mounted.current && call === latest.current;
    setState({ status: 'pending', data: undefined, error: null });
    try {
      const data = await actionRef.current(input);
      if (current()) setState({ status: 'success', data, error: null });
      return data;
    } catch (error) {
      if (current()) setState({ status: 'error', data: undefined, error });
      throw error;
    }
  }, []);

  const reset = useCallback(() => {
    latest.current += 1;
    setState(IDLE);
  }, []);

  return { mutateAsync, reset, ...flags(state) };
}
