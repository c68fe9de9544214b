import { groupToolkitErrors } from './groupToolkitErrors.js'
import { useToolkitActivity } from '../../appkit/toolkitActivity.js'

const time = (at: number) => new Date(at).toLocaleTimeString()

/** Every alert the toolkit raised and every event it emitted since the page loaded. */
export function ActivitySection() {
  const { alerts, events } = useToolkitActivity()
  const errors = groupToolkitErrors(events)
  return (
    <section aria-labelledby="toolkit-activity-title">
      <h2 id="toolkit-activity-title">Alerts and events</h2>
      <h3>Alerts shown to visitors</h3>
      {alerts.length === 0 ? (
        <p>None.</p>
      ) : (
        <ul data-testid="toolkit-alerts">
          {alerts.map((a, i) => (
            <li key={i}>
              {time(a.at)} <span className="tag">{a.variant}</span> {a.message}
              {a.detail ? `: ${a.detail}` : null}
            </li>
          ))}
        </ul>
      )}
      <h3>Toolkit errors</h3>
      {errors.length === 0 ? (
        <p>None.</p>
      ) : (
        <ul data-testid="toolkit-errors">
          {errors.map((e) => (
            <li key={`${e.event} ${e.detail ?? ''}`}>
              {time(e.firstAt)} {e.event} {e.detail}
              {e.times > 1 ? ` (sent ${e.times} times, last at ${time(e.lastAt)})` : null}
            </li>
          ))}
        </ul>
      )}
      <details>
        <summary>All events ({events.length})</summary>
        <ul data-testid="toolkit-events">
          {events.map((e, i) => (
            <li key={i}>
              {time(e.at)} {e.type} {e.event} {e.detail}
            </li>
          ))}
        </ul>
      </details>
    </section>
  )
}
