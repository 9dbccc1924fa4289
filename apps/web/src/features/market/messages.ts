// The live home and markets screens (#18): the hero chart, the markets list's search, favourites and sparklines.
import { defineMessages } from '../../i18n/defineMessages.ts';

export const marketMessages = defineMessages({
  en: {
    'market.heroChart': 'BTCUSDT, last 2 hours',
    'market.chartUnavailable': 'Chart unavailable',
    'market.search': 'Search coins',
    'market.all': 'All',
    'market.favourites': 'Favourites',
    'market.noFavourites': 'No favourites yet: tap the star of a coin to keep it here.',
    'market.noMatch': 'No coin matches your search.',
    'market.addFavourite': 'Add {name} to favourites',
    'market.removeFavourite': 'Remove {name} from favourites',
    'market.last7d': 'Last 7 days',
    'market.sparklineOf': '{name}, last 7 days',
    'market.sortBy': 'Sort by {column}',
    'market.sort': 'Sort',
    'market.trade': 'Trade',
    'markets.liveNote': 'Prices update live. Click Bitcoin to trade our BTCUSDT perpetual.',
  },
  ko: {
    'market.heroChart': 'BTCUSDT, 최근 2시간',
    'market.chartUnavailable': '차트를 불러올 수 없습니다',
    'market.search': '코인 검색',
    'market.all': '전체',
    'market.favourites': '즐겨찾기',
    'market.noFavourites': '즐겨찾기가 없습니다. 코인의 별을 눌러 추가하세요.',
    'market.noMatch': '검색과 일치하는 코인이 없습니다.',
    'market.addFavourite': '{name} 즐겨찾기 추가',
    'market.removeFavourite': '{name} 즐겨찾기 해제',
    'market.last7d': '최근 7일',
    'market.sparklineOf': '{name}, 최근 7일',
    'market.sortBy': '{column} 기준 정렬',
    'market.sort': '정렬',
    'market.trade': '거래',
    'markets.liveNote': '가격은 실시간으로 갱신됩니다. 비트코인을 누르면 BTCUSDT 무기한 선물 거래로 이동합니다.',
  },
});
