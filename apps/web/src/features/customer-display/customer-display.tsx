import { CUSTOMER_DISPLAY_DEFAULT_NAME, type CustomerDisplayState, formatMoney, parseCents } from '@retail-hub/shared';
import { useEffect, useRef } from 'react';
import classes from './customer-display.module.css';
import type { DisplayView } from './use-display-state';

const money = (amount: string) => formatMoney(parseCents(amount) ?? 0);

/**
 * Issue #36 item 4: the screen the customer faces (/display). It shows the sale as the till rings
 * it up, then what was tendered and the change due, a thank-you, and the store's name when idle.
 * No navigation, no controls, nothing of the cashier.
 */
export function CustomerDisplay({ view }: { view: DisplayView }) {
  if (view.kind === 'thanks') {
    return (
      <main className={classes.root}>
        <div className={classes.center} role="status">
          <h1 className={classes.thanks}>Thank you!</h1>
          <p className={classes.welcome}>Please come again to {view.storeName ?? CUSTOMER_DISPLAY_DEFAULT_NAME}.</p>
        </div>
      </main>
    );
  }
  const { state } = view;
  if (state.phase === 'idle') {
    return (
      <main className={classes.root}>
        <div className={classes.center}>
          <p className={classes.welcome}>Welcome to</p>
          <h1 className={classes.storeBig}>{state.storeName ?? CUSTOMER_DISPLAY_DEFAULT_NAME}</h1>
        </div>
      </main>
    );
  }
  return <SaleView state={state} />;
}

function SaleView({ state }: { state: CustomerDisplayState }) {
  const list = useRef<HTMLUListElement | null>(null);
  // The newest line is the one the customer looks for: keep it in view.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the lines change
  useEffect(() => {
    const element = list.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [state.lines]);
  const paid = state.phase === 'paid';

  return (
    <main className={classes.root}>
      <header className={classes.top}>
        <h1 className={classes.title}>{paid ? 'Payment received' : 'Your purchase'}</h1>
        <span className={classes.store}>{state.storeName ?? CUSTOMER_DISPLAY_DEFAULT_NAME}</span>
      </header>
      <ul className={classes.lines} ref={list} aria-label="Items">
        {state.lines.map((line, index) => (
          // Lines have no id on the display (nothing but what the customer sees); the order is the till's.
          // biome-ignore lint/suspicious/noArrayIndexKey: the till's line order is the identity here
          <li key={index} className={classes.line}>
            <div className={classes.lineMain}>
              <span className={classes.qty}>{line.quantity} ×</span>
              <span className={classes.name}>
                {line.name}
                {line.size ? <span className={classes.size}>{line.size}</span> : null}
              </span>
              <span className={classes.amount}>{money(line.amount)}</span>
            </div>
            {line.discount ? (
              <div className={classes.lineDiscount}>
                <span>Discount</span>
                <span>−{money(line.discount)}</span>
              </div>
            ) : null}
          </li>
        ))}
      </ul>
      <dl className={classes.totals} aria-live="polite">
        {state.discount ? (
          <div className={`${classes.row} ${classes.discountRow}`}>
            <dt>Discounts</dt>
            <dd className={classes.value}>−{money(state.discount)}</dd>
          </div>
        ) : null}
        {/* Issue #34 item 2: the sales tax once taxed, added to the lines, or already inside their prices. */}
        {state.tax ? (
          <div className={classes.row}>
            <dt>{state.taxIncluded ? 'Tax included' : 'Tax'}</dt>
            <dd className={classes.value}>{money(state.tax)}</dd>
          </div>
        ) : null}
        {state.cardFee ? (
          <div className={classes.row}>
            <dt>Card fee</dt>
            <dd className={classes.value}>{money(state.cardFee)}</dd>
          </div>
        ) : null}
        <div className={`${classes.row} ${classes.totalRow}`}>
          <dt>Total</dt>
          <dd className={classes.value}>{money(state.total)}</dd>
        </div>
        {paid && state.paidBy ? (
          <div className={classes.row}>
            <dt>Paid by</dt>
            <dd>{state.paidBy}</dd>
          </div>
        ) : null}
        {paid && state.tendered ? (
          <div className={classes.row}>
            <dt>Amount tendered</dt>
            <dd className={classes.value}>{money(state.tendered)}</dd>
          </div>
        ) : null}
        {paid && state.changeDue ? (
          <div className={`${classes.row} ${classes.changeRow}`}>
            <dt>Change due</dt>
            <dd className={classes.value}>{money(state.changeDue)}</dd>
          </div>
        ) : null}
      </dl>
    </main>
  );
}
