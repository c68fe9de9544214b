import { useToolkitActivity } from './toolkitActivity.js'

const time = (at: number) => new Date(at).toLocaleTimeString()

/** Every alert the toolkit raised and every event it emitted since the page loaded. */
export function ActivitySection() {
  const { alerts, events } = useToolkitActivity()
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
            </li>
          ))}
        </ul>
      )}
      <h3>Toolkit errors</h3>
      {events.filter((e) => e.type === 'error').length === 0 ? (
        <p>None.</p>
      ) : (
        <ul data-testid="toolkit-errors">
          {events
            .filter((e) => e.type === 'error')
            .map((e, i) => (
              <li key={i}>
                {time(e.at)} {e.event} {e.detail}
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
