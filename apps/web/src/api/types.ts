// Accounts shapes are shared with the server (packages/protocol/src/api/accounts.ts); market shapes are the
// fixed answers of our /market endpoints.
export type {
  Alarm,
  ApproveStatus,
  ChangePasswordRequest,
  CheckRegisterRequest,
  FeedbackRequest,
  FindIdRequest,
  LoginAnswer as LoginData,
  LoginRequest,
  RegisterRequest,
  UploadImagesAnswer as UploadData,
  UserBalance as Balance,
  UserInfo,
} from '@tickline/protocol';

/** Numbers may arrive as JSON numbers or numeric strings (money is fixed-point on the server). */
export type Numeric = number | string;

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
