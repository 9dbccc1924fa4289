import { useEffect, useRef } from 'react';
import { USER_EVENT_KINDS, type UserEventKind } from '@tickline/protocol';
import { useSession } from './session.ts';
import { wsClient, type UserEventListener } from './ws.ts';

/** What a screen does with each kind of user event it follows; each handler gets that kind's data. */
export type UserEventHandlers = { [K in UserEventKind]?: UserEventListener<K> };

/**
 * Follows the user stream while logged in: each handler gets its kind's events, `onResync` runs each time the stream
 * starts (page load, reconnect, new token) or missed an event (state the stream keeps current should be reloaded). The latest handlers are used without
 * re-subscribing; the subscription follows the session's access token.
 */
export function useUserEvents(handlers: UserEventHandlers, onResync: () => void): void {
  const { accessToken } = useSession();
  const latest = useRef({ handlers, onResync });
  useEffect(() => {
    latest.current = { handlers, onResync };
  });
  useEffect(() => {
    if (!accessToken) return;
    const client = wsClient();
    client.setToken(accessToken);
    const follow = <K extends UserEventKind>(kind: K) =>
      client.onUserEvent(kind, (data, symbol) => latest.current.handlers[kind]?.(data, symbol));
    const stops = [
      ...USER_EVENT_KINDS.filter((kind) => latest.current.handlers[kind]).map(follow),
      client.onUserResync(() => latest.current.onResync()),
    ];
    return () => stops.forEach((stop) => stop());
  }, [accessToken]);
}
