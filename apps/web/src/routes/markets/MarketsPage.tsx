import { MarketsScreen } from '../../features/market/MarketsScreen.tsx';

export default MarketsScreen;
