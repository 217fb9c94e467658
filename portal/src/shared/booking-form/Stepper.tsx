const STEPS = ['Book your Delivery', 'Confirm Order', 'Confirm your Payment'] as const;

/** The booking journey's three steps; the current one is marked for assistive tech too. */
export function Stepper({ current }: { current: 1 | 2 | 3 }) {
  return (
    <nav aria-label="Booking steps" className="stepper">
      <p className="stepper__count">
        Step {current} of {STEPS.length}
      </p>
      <ol className="stepper__list">
        {STEPS.map((label, index) => {
          const step = index + 1;
          const state = step < current ? 'done' : step === current ? 'current' : 'todo';
          return (
            <li
              key={label}
              className={`stepper__step stepper__step--${state}`}
              aria-current={state === 'current' ? 'step' : undefined}
            >
              <span className="stepper__dot" aria-hidden="true">
                {state === 'done' ? '✓' : step}
              </span>
              <span className="stepper__label">
                {label}
                {state === 'done' ? <span className="visually-hidden"> (done)</span> : null}
              </span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
