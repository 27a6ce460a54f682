import type { Database, DbExecutor } from '../../platform/db/client.ts';
import { transaction } from '../../platform/db/transaction.ts';
import type { TOrder } from './providers/types.ts';

/**
 * What another module does when one of its checkout orders is paid or given up. A module that sells
 * through `createOrder` names a purpose in the order's context (`context.purpose`) and registers its
 * hooks for that purpose once, when its routes are registered:
 *
 *   onOrderPurpose('booking', { paid: confirmBooking, released: freeTheSlot });
 *
 * `paid` runs inside the transaction that marks the order paid and posts its journal, so the money
 * and what it bought change together, exactly once (a duplicate notification matches no pending
 * order and runs nothing). It runs in a savepoint: if it throws, the money is still recorded and
 * the error is logged without personal data, so the module's own sweep (or its next read) must be
 * able to finish the work from a paid order. `released` runs when a pending order fails, is
 * cancelled at the gateway or is closed before payment: holds taken at checkout are given back.
 * Hooks must be idempotent.
 */
/** What the provider told about the payment: its token of the card when it keeps one (recurring payments). */
export type TPaidPayment = { providerToken: string | null };
export type TOrderHook = (tx: DbExecutor, order: TOrder, payment?: TPaidPayment) => Promise<void>;

/** A verified recurring charge the provider made by itself on an order's card (PayFast's subscription ITN). */
export type TRecurringCharge = {
  setupOrder: TOrder;
  providerTransactionId: string;
  amountCents: number;
  status: 'complete' | 'failed' | 'cancelled';
};
export type TRecurringChargeOutcome = 'credited' | 'duplicate' | 'failed' | 'rejected';
/**
 * `recurring` handles a provider's recurring charge of an order of this purpose that set up a card
 * (its own transaction; once per provider transaction): the payments module's subscriptions are the
 * schools' packages, anything else recurring belongs to the module that sold it.
 */
export type TOrderHooks = {
  paid?: TOrderHook;
  released?: TOrderHook;
  recurring?: (db: Database, charge: TRecurringCharge) => Promise<TRecurringChargeOutcome>;
};

const hooks = new Map<string, TOrderHooks>();

/** Registers (or replaces: tests build many apps) the hooks of one order purpose. */
export function onOrderPurpose(purpose: string, orderHooks: TOrderHooks): void {
  hooks.set(purpose, orderHooks);
}

export function purposeOf(order: TOrder): string | undefined {
  const purpose = (order.metadata.context as { purpose?: unknown } | undefined)?.purpose;
  return typeof purpose === 'string' ? purpose : undefined;
}

/** The recurring-charge handler of an order's purpose, if its module registered one. */
export function recurringHookOf(order: TOrder): TOrderHooks['recurring'] {
  const purpose = purposeOf(order);
  return purpose ? hooks.get(purpose)?.recurring : undefined;
}

async function runHook(
  tx: DbExecutor,
  order: TOrder,
  which: 'paid' | 'released',
  payment?: TPaidPayment,
): Promise<void> {
  const purpose = purposeOf(order);
  const hook = purpose ? hooks.get(purpose)?.[which] : undefined;
  if (!hook) return;
  try {
    await transaction(tx, (savepoint) => hook(savepoint, order, payment));
  } catch (error) {
    console.error(
      `The ${purpose} ${which} hook failed for payment order ${order.id}:`,
      error instanceof Error ? error.message : error,
    );
  }
}

/** The order was paid (inside creditOrder's transaction). */
export const runPaidHook = (tx: DbExecutor, order: TOrder, payment?: TPaidPayment) =>
  runHook(tx, order, 'paid', payment);
/** The pending order failed, was cancelled or was closed (inside that transaction). */
export const runReleasedHook = (tx: DbExecutor, order: TOrder) => runHook(tx, order, 'released');
