// Accounts API shapes from seed 000 §3/§7 and seed 001 §3. Typed here until packages/protocol/src/api/accounts.ts
// (the server's shared types) lands; then these re-export from there.

/** Numbers may arrive as JSON numbers or numeric strings (money is fixed-point on the server). */
export type Numeric = number | string;

/** KYC approveStatus: 1 verified, 2 verification required, 3 pending. */
export type ApproveStatus = 1 | 2 | 3;

export interface UserInfo {
  name: string;
  email: string;
  userid: string;
  phone: string;
  level: number;
  referralCode: string;
  insertDate: string;
  belowReferCount: number;
  belowMemberCount: number;
  todayJoinCount: number;
  weekJoinCount: number;
  leverage: number;
  approveStatus: ApproveStatus;
  parent2ReferralCode: string;
  bscAddress: string;
}

export interface Balance {
  bsc: Numeric;
  usdtm: Numeric;
  usdt: Numeric;
  btc?: Numeric;
  balance?: Numeric;
  usingRequiredAmount: Numeric;
  longWaitingRequiredAmount: Numeric;
  shortWaitingRequiredAmount: Numeric;
}

export interface Alarm {
  content: string;
  insertDate: string;
}

export interface LoginRequest {
  userid: string;
  password: string;
}

export interface LoginData {
  level: number;
  accessToken: string;
  refreshToken: string;
  errorMessage: string;
}

export interface RegisterRequest {
  userid: string;
  password: string;
  name: string;
  phone: string;
  referralCode: string;
  verificationImage: string;
}

export interface UploadData {
  images: string[];
}

export interface FindIdRequest {
  email: string;
  phone: string;
}

export interface ChangePasswordRequest {
  userid: string;
  bscAddress: string;
  password: string;
}

export interface FeedbackRequest {
  title: string;
  body: string;
}

/** GET /market/tickers: the eight home symbols. */
export interface MarketTicker {
  symbol: string;
  lastPrice: Numeric;
  priceChangePercent: Numeric;
}

/** GET /market/coins: the top 30 coins by market cap. */
export interface MarketCoin {
  id: string;
  image: string;
  name: string;
  symbol: string;
  current_price: Numeric;
  price_change_percentage_24h: Numeric;
  total_volume: Numeric;
  market_cap: Numeric;
}
