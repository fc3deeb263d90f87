import { useSelector } from '@xstate/react';
import { formatMoney } from '../../domain/money.ts';
import { tenantSettingsFlow } from '../../wiring/tenant-settings.ts';
import { useFlow } from '../kit/services.tsx';
import { Spinner } from '../kit/Spinner.tsx';
import { LoadFailed } from '../kit/LoadNotice.tsx';
import { stageLabel } from '../kit/format.ts';
import { PIPELINE_STAGES } from '../../domain/opportunities/pipeline.ts';
import './settings.css';

/** /settings: the tenant's currency, which every amount on every screen is shown in, and its stages' default probabilities. Super Admins only. */
export default function SettingsScreen() {
  const settings = useFlow(tenantSettingsFlow);
  const phase = useSelector(settings, (state) => (state.hasTag('loading') ? 'loading' : state.matches('failed') ? 'failed' : 'ready'));
  const draft = useSelector(settings, (state) => state.context.draft);
  const problem = useSelector(settings, (state) => state.context.problem);
  const saving = useSelector(settings, (state) => state.hasTag('saving'));
  const probabilities = useSelector(settings, (state) => state.context.probabilities);
  const probabilityProblem = useSelector(settings, (state) => state.context.probabilityProblem);

  return (
    <section aria-labelledby="settings-title" className="settings">
      <h1 id="settings-title">Settings</h1>
      {phase === 'loading' ? <Spinner label="Loading the settings" /> : null}
      {phase === 'failed' ? <LoadFailed onRetry={() => settings.send({ type: 'retry' })}>The settings could not be loaded.</LoadFailed> : null}
      {phase === 'ready' ? (
        <form
          className="card"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            settings.send({ type: 'settings.save' });
          }}
        >
          <div className="field">
            <label htmlFor="settings-currency">Currency</label>
            <input
              id="settings-currency"
              name="currency"
              value={draft}
              maxLength={3}
              autoComplete="off"
              aria-describedby={problem ? 'settings-currency-problem' : 'settings-currency-hint'}
              aria-invalid={problem ? true : undefined}
              onChange={(event) => settings.send({ type: 'currency.change', value: event.target.value })}
            />
            {problem ? (
              <p id="settings-currency-problem" className="field__error" role="alert">
                {problem}
              </p>
            ) : (
              <p id="settings-currency-hint" className="field__hint">
                The ISO 4217 code every amount is shown in{draft.length === 3 ? `, e.g. ${safeExample(draft)}` : ''}.
              </p>
            )}
          </div>
          <fieldset className="settings__stages" aria-describedby={probabilityProblem ? 'settings-stages-problem' : 'settings-stages-hint'}>
            <legend>Stage probabilities</legend>
            <p id="settings-stages-hint" className="field__hint">
              The probability a deal gets when it is moved to the stage, in percent.
            </p>
            {PIPELINE_STAGES.map((stage) => (
              <div className="field settings__stage" key={stage}>
                <label htmlFor={`settings-stage-${stage.replace(/\s+/g, '-')}`}>{stageLabel(stage)}</label>
                <input
                  id={`settings-stage-${stage.replace(/\s+/g, '-')}`}
                  name={`probability-${stage}`}
                  inputMode="numeric"
                  value={probabilities[stage] ?? ''}
                  maxLength={3}
                  autoComplete="off"
                  aria-invalid={probabilityProblem?.startsWith(stageLabel(stage)) ? true : undefined}
                  onChange={(event) => settings.send({ type: 'probability.change', stage, value: event.target.value })}
                />
                <span aria-hidden="true">%</span>
              </div>
            ))}
            {probabilityProblem ? (
              <p id="settings-stages-problem" className="field__error" role="alert">
                {probabilityProblem}
              </p>
            ) : null}
          </fieldset>
          <button type="submit" className="button" disabled={saving}>
            {saving ? 'Saving...' : 'Save'}
          </button>
        </form>
      ) : null}
    </section>
  );
}

function safeExample(code: string): string {
  try {
    return formatMoney(1234.5, code);
  } catch {
    return code;
  }
}
