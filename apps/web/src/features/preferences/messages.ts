import { defineMessages } from '../../i18n/defineMessages.ts';

export const preferencesMessages = defineMessages({
  en: {
    'preferences.upDownColours': 'Price colours',
    'preferences.redUp': 'Red up / Green down',
    'preferences.greenUp': 'Green up / Red down',
    'preferences.upDownNow': 'Price colours: {current}',
    'preferences.timeZone': 'Time zone',
    'preferences.zoneSeoul': 'Seoul ({offset})',
    'preferences.zoneUtc': 'UTC',
    'preferences.zoneLocal': 'This device ({offset})',
  },
  ko: {
    'preferences.upDownColours': '시세 색상',
    'preferences.redUp': '상승 빨강 / 하락 초록',
    'preferences.greenUp': '상승 초록 / 하락 빨강',
    'preferences.upDownNow': '시세 색상: {current}',
    'preferences.timeZone': '시간대',
    'preferences.zoneSeoul': '서울 ({offset})',
    'preferences.zoneUtc': 'UTC',
    'preferences.zoneLocal': '이 기기 ({offset})',
  },
});
