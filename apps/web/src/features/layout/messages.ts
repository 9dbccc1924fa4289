// The header's live notifications (#18); the rest of the header's words are still in i18n/messages.ts.
import { defineMessages } from '../../i18n/defineMessages.ts';

export const layoutMessages = defineMessages({
  en: {
    'header.notificationsUnread': 'Notifications, {count} unread',
  },
  ko: {
    'header.notificationsUnread': '알림, 읽지 않음 {count}개',
  },
});
