import { useSyncExternalStore } from 'react';
import { wsClient } from './ws.ts';

const isOpen = () => wsClient().getState() === 'open';

/** Whether the app's socket is open: the REST polls that stand in for its streams run only while it is not. */
export function useSocketOpen(): boolean {
  return useSyncExternalStore(wsClient().subscribeState, isOpen, isOpen);
}
