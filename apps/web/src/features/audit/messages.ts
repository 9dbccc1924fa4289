import { defineMessages } from '../../i18n/defineMessages.ts';

// Provable fairness and provable reserves (#35): a round's place in the round log, and the reserves page.

const en = {
  'roundLog.title': 'Round log (hash chain)',
  'roundLog.place': 'Record {seq} of {count}',
  'roundLog.pending': 'This round is not in the round log yet: a settled round is appended within seconds.',
  'roundLog.prices': 'Open {open} · close {close} · result {result}',
  'roundLog.prevHash': 'Previous hash',
  'roundLog.hash': 'Hash',
  'roundLog.formula':
    'hash = SHA-256(prevHash|roundStartMs|openPrice|closePrice|result); result 1 higher, 2 lower, 3 refunded or void.',
  'roundLog.verify': 'Verify in your browser',
  'roundLog.verifying': 'Recomputing…',
  'roundLog.verified': 'Verified: the hash recomputes from the fields, and the record links to record {prev}.',
  'roundLog.verifiedFirst':
    'Verified: the hash recomputes from the fields, and the record starts from the published genesis.',
  'roundLog.failed': 'Does not verify: {reason}.',
  'roundLog.signed': 'The head (record {count}) is signed with Ed25519 key {key}: signature valid.',
  'roundLog.signatureBad': 'The head signature does not verify with key {key}.',
  'roundLog.signatureUnsupported':
    'This browser cannot check Ed25519 signatures; run npx tickline-verify rounds to check it.',
  'roundLog.anchor': 'Anchored on chain {chainId} on {day}: transaction {tx}.',
  'result.1': 'higher',
  'result.2': 'lower',
  'result.3': 'refunded / void',
  'reserves.title': 'Proof of reserves',
  'reserves.subtitle': 'Every balance we owe, in one Merkle sum tree, against the USDT on chain.',
  'reserves.ratio': 'Reserve ratio',
  'reserves.liabilities': 'Owed to users (USDT)',
  'reserves.assets': 'On chain (USDT)',
  'reserves.hotWallet': 'Hot wallet',
  'reserves.depositAddresses': 'Deposit addresses',
  'reserves.takenAt': 'Snapshot taken',
  'reserves.root': 'Merkle root',
  'reserves.demo':
    'Demo mode: the demo balances were credited by the platform, never deposited on chain, so the chain holds only what was really sent to it. The ratio above is the true one.',
  'reserves.how':
    "Each user's leaf is SHA-256(userHash|balance), userHash = SHA-256(userNo|nonce) with a nonce only you receive; each parent is SHA-256(leftHash|leftSum|rightHash|rightSum). The root's sum is what we owe.",
  'reserves.verify': 'Verify my balance is included',
  'reserves.verifying': 'Climbing to the root…',
  'reserves.included':
    'Included: your balance of {balance} USDT climbs in {steps} steps to the published root, sums exact.',
  'reserves.notIncluded': 'Does not verify: {reason}.',
  'reserves.login': 'Log in to check that your balance is in the tree.',
  'reserves.yourLeaf': 'Your leaf',
  'reserves.path': 'Path to the root',
  'reserves.side': 'Sibling',
  'reserves.sum': 'Sum (USDT)',
  'reserves.cli': 'Anyone can check both proofs without this site: npx tickline-verify reserves <url> --token <token>.',
} as const;

const ko: Record<keyof typeof en, string> = {
  'roundLog.title': '라운드 기록 (해시 체인)',
  'roundLog.place': '{count}개 중 {seq}번째 기록',
  'roundLog.pending': '이 라운드는 아직 라운드 기록에 없습니다. 정산된 라운드는 몇 초 안에 추가됩니다.',
  'roundLog.prices': '시가 {open} · 종가 {close} · 결과 {result}',
  'roundLog.prevHash': '이전 해시',
  'roundLog.hash': '해시',
  'roundLog.formula':
    'hash = SHA-256(prevHash|roundStartMs|openPrice|closePrice|result); 결과 1 상승, 2 하락, 3 환불 또는 무효.',
  'roundLog.verify': '브라우저에서 검증',
  'roundLog.verifying': '다시 계산하는 중…',
  'roundLog.verified': '검증됨: 해시가 필드로부터 다시 계산되며 {prev}번 기록에 연결됩니다.',
  'roundLog.verifiedFirst': '검증됨: 해시가 필드로부터 다시 계산되며 공개된 제네시스에서 시작합니다.',
  'roundLog.failed': '검증 실패: {reason}.',
  'roundLog.signed': '헤드({count}번 기록)는 Ed25519 키 {key}로 서명되었습니다: 서명 유효.',
  'roundLog.signatureBad': '헤드 서명이 키 {key}로 검증되지 않습니다.',
  'roundLog.signatureUnsupported':
    '이 브라우저는 Ed25519 서명을 확인할 수 없습니다. npx tickline-verify rounds 로 확인하세요.',
  'roundLog.anchor': '{day}에 체인 {chainId}에 기록됨: 트랜잭션 {tx}.',
  'result.1': '상승',
  'result.2': '하락',
  'result.3': '환불 / 무효',
  'reserves.title': '준비금 증명',
  'reserves.subtitle': '사용자에게 지급할 모든 잔액을 하나의 머클 합계 트리로, 체인 위의 USDT와 비교합니다.',
  'reserves.ratio': '준비금 비율',
  'reserves.liabilities': '사용자 잔액 합계 (USDT)',
  'reserves.assets': '체인 보유 (USDT)',
  'reserves.hotWallet': '핫 월렛',
  'reserves.depositAddresses': '입금 주소',
  'reserves.takenAt': '스냅샷 시각',
  'reserves.root': '머클 루트',
  'reserves.demo':
    '데모 모드: 데모 잔액은 플랫폼이 지급한 것으로 체인에 입금된 적이 없어, 체인에는 실제로 보낸 금액만 있습니다. 위 비율이 실제 비율입니다.',
  'reserves.how':
    '각 사용자의 리프는 SHA-256(userHash|balance), userHash = SHA-256(userNo|nonce)이며 nonce는 본인만 받습니다. 부모는 SHA-256(leftHash|leftSum|rightHash|rightSum)입니다. 루트의 합계가 지급할 총액입니다.',
  'reserves.verify': '내 잔액 포함 여부 검증',
  'reserves.verifying': '루트까지 계산하는 중…',
  'reserves.included': '포함됨: 잔액 {balance} USDT가 {steps}단계로 공개된 루트에 도달하며 합계가 정확합니다.',
  'reserves.notIncluded': '검증 실패: {reason}.',
  'reserves.login': '로그인하면 내 잔액이 트리에 포함되어 있는지 확인할 수 있습니다.',
  'reserves.yourLeaf': '내 리프',
  'reserves.path': '루트까지의 경로',
  'reserves.side': '형제 노드',
  'reserves.sum': '합계 (USDT)',
  'reserves.cli': '이 사이트 없이도 누구나 확인할 수 있습니다: npx tickline-verify reserves <url> --token <token>.',
};

export const auditMessages = defineMessages({ en, ko });
