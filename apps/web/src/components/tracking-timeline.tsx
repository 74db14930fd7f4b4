import { Text, Timeline } from '@mantine/core';
import type { TrackingEventView } from '@portal/shared';
import { TRACKING_STATUS_STYLE } from '../lib/status-styles';

const TIME_FORMAT = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

const placeOf = (event: TrackingEventView) => [event.city, event.state].filter(Boolean).join(', ');

/** The parcel's tracking events, oldest first as the server sends them, the newest one marked. */
export function TrackingTimeline({ events }: { events: readonly TrackingEventView[] }) {
  if (events.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No tracking events yet. They appear here as the carrier scans the parcel.
      </Text>
    );
  return (
    <Timeline active={events.length - 1} bulletSize={14} lineWidth={2} data-testid="tracking-timeline">
      {events.map((event, index) => {
        const { label, color } = TRACKING_STATUS_STYLE[event.status];
        const place = placeOf(event);
        return (
          <Timeline.Item
            key={`${event.time}-${index}`}
            color={color}
            title={
              <Text size="sm" fw={600}>
                {label}
              </Text>
            }
            data-testid="tracking-event"
            data-status={event.status}
          >
            {event.description && <Text size="sm">{event.description}</Text>}
            <Text size="xs" c="dimmed">
              <time dateTime={event.time}>{TIME_FORMAT.format(new Date(event.time))}</time>
              {place ? ` · ${place}` : ''}
            </Text>
          </Timeline.Item>
        );
      })}
    </Timeline>
  );
}
