import { defineMessages } from '../../i18n/defineMessages.ts';

// API keys for programs (#29), on the account security page.

const en = {
  'apiKeys.title': 'API keys',
  'apiKeys.hint':
    'Let your own programs read your account or trade for you with signed requests. Keys never withdraw, change security settings or manage keys.',
  'apiKeys.create': 'Create API key',
  'apiKeys.label': 'Label',
  'apiKeys.permissions': 'Permissions',
  'apiKeys.read': 'Read',
  'apiKeys.trade': 'Trade',
  'apiKeys.ips': 'Allowed IP addresses (optional)',
  'apiKeys.ipsHint': 'Separated by commas or spaces. Empty: any address.',
  'apiKeys.anyAddress': 'Any',
  'apiKeys.key': 'API key',
  'apiKeys.created': 'Created',
  'apiKeys.lastUsed': 'Last used',
  'apiKeys.never': 'Never',
  'apiKeys.delete': 'Delete',
  'apiKeys.deleted': 'The API key was deleted.',
  'apiKeys.none': 'No API keys yet.',
  'apiKeys.secretTitle': 'Your new API key',
  'apiKeys.secretHint': 'Copy the secret now and keep it safe: it is shown only this once.',
  'apiKeys.secret': 'Secret',
  'apiKeys.copy': 'Copy',
  'apiKeys.copied': 'Copied.',
  'apiKeys.copyFailed': 'Could not copy. Please select the text and copy it.',
  'apiKeys.done': 'I have saved the secret',
  'apiKeys.cancel': 'Cancel',
  'apiKeys.deleteTitle': 'Delete this API key?',
  'apiKeys.deleteHint': 'Programs using "{label}" stop working at once.',
} as const;

const ko: Record<keyof typeof en, string> = {
  'apiKeys.title': 'API 키',
  'apiKeys.hint':
    '직접 만든 프로그램이 서명된 요청으로 계정을 조회하거나 거래할 수 있게 합니다. 키로는 출금, 보안 설정 변경, 키 관리를 할 수 없습니다.',
  'apiKeys.create': 'API 키 만들기',
  'apiKeys.label': '이름',
  'apiKeys.permissions': '권한',
  'apiKeys.read': '조회',
  'apiKeys.trade': '거래',
  'apiKeys.ips': '허용 IP 주소 (선택)',
  'apiKeys.ipsHint': '쉼표나 공백으로 구분합니다. 비워 두면 모든 주소에서 사용할 수 있습니다.',
  'apiKeys.anyAddress': '전체',
  'apiKeys.key': 'API 키',
  'apiKeys.created': '생성',
  'apiKeys.lastUsed': '마지막 사용',
  'apiKeys.never': '없음',
  'apiKeys.delete': '삭제',
  'apiKeys.deleted': 'API 키가 삭제되었습니다.',
  'apiKeys.none': '등록된 API 키가 없습니다.',
  'apiKeys.secretTitle': '새 API 키',
  'apiKeys.secretHint': '시크릿은 지금 한 번만 표시됩니다. 지금 복사해 안전한 곳에 보관하세요.',
  'apiKeys.secret': '시크릿',
  'apiKeys.copy': '복사',
  'apiKeys.copied': '복사되었습니다.',
  'apiKeys.copyFailed': '복사하지 못했습니다. 텍스트를 선택해 복사해 주세요.',
  'apiKeys.done': '시크릿을 저장했습니다',
  'apiKeys.cancel': '취소',
  'apiKeys.deleteTitle': '이 API 키를 삭제할까요?',
  'apiKeys.deleteHint': '"{label}" 키를 쓰는 프로그램은 즉시 작동을 멈춥니다.',
} as const;

export const apiKeyMessages = defineMessages({ en, ko });
