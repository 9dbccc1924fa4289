// The PnL share card of #33 item 4 drawn on a canvas (so it can leave as a PNG): symbol, side, leverage, ROE, entry,
// mark and the referral link with its QR code. Pixels only: the figures arrive formatted from integer money.
import qrcode from 'qrcode-generator';

export interface ShareCardFigures {
  symbol: string;
  side: string;
  long: boolean;
  leverage: number;
  /** Signed percent text, e.g. "+12.34%". */
  roe: string;
  /** 1 profit (green), -1 loss (red), 0 flat. */
  roeSign: number;
  entryLabel: string;
  entry: string;
  markLabel: string;
  mark: string;
  joinLabel: string;
  link: string;
}

/** Card size in CSS pixels; drawn at SCALE× for a sharp PNG. */
export const CARD_WIDTH = 600;
export const CARD_HEIGHT = 320;
const SCALE = 2;
const QR_CELL = 4;
const QR_QUIET = 4;

/** Where the QR lies on the canvas (canvas pixels): read back by the browser spec to compare it module by module. */
export interface QrPlacement {
  x: number;
  y: number;
  cell: number;
  count: number;
}

export function drawShareCard(canvas: HTMLCanvasElement, card: ShareCardFigures): QrPlacement {
  canvas.width = CARD_WIDTH * SCALE;
  canvas.height = CARD_HEIGHT * SCALE;
  const ctx = canvas.getContext('2d');
  if (!ctx) return { x: 0, y: 0, cell: 0, count: 0 };
  ctx.setTransform(SCALE, 0, 0, SCALE, 0, 0);
  const gradient = ctx.createLinearGradient(0, 0, CARD_WIDTH, CARD_HEIGHT);
  gradient.addColorStop(0, '#0b0e11');
  gradient.addColorStop(1, '#1a1f29');
  ctx.fillStyle = gradient;
  ctx.fillRect(0, 0, CARD_WIDTH, CARD_HEIGHT);
  const up = '#0ecb81';
  const down = '#f6465d';
  const font = (size: number, weight = 400) => `${weight} ${size}px Inter, system-ui, sans-serif`;

  ctx.textBaseline = 'alphabetic';
  ctx.fillStyle = '#f0b90b';
  ctx.font = font(18, 700);
  ctx.fillText('Tickline', 32, 44);
  ctx.fillStyle = '#eaecef';
  ctx.font = font(20, 600);
  ctx.fillText(card.symbol, 32, 88);
  const symbolWidth = ctx.measureText(card.symbol).width;
  ctx.fillStyle = card.long ? up : down;
  ctx.font = font(16, 600);
  ctx.fillText(`${card.side} ${card.leverage}x`, 32 + symbolWidth + 12, 88);

  ctx.fillStyle = card.roeSign > 0 ? up : card.roeSign < 0 ? down : '#eaecef';
  ctx.font = font(56, 700);
  ctx.fillText(card.roe, 32, 160);

  ctx.font = font(13);
  ctx.fillStyle = '#848e9c';
  ctx.fillText(card.entryLabel, 32, 204);
  ctx.fillText(card.markLabel, 192, 204);
  ctx.font = font(18, 600);
  ctx.fillStyle = '#eaecef';
  ctx.fillText(card.entry, 32, 230);
  ctx.fillText(card.mark, 192, 230);

  ctx.font = font(12);
  ctx.fillStyle = '#848e9c';
  ctx.fillText(card.joinLabel, 32, 278);
  ctx.fillStyle = '#b7bdc6';
  ctx.fillText(card.link, 32, 296, 360);
  return drawQr(ctx, card.link);
}

/** The link's QR code, dark modules on white with a quiet zone, at the card's lower right. */
function drawQr(ctx: CanvasRenderingContext2D, text: string): QrPlacement {
  const code = qrcode(0, 'M');
  code.addData(text);
  code.make();
  const count = code.getModuleCount();
  const side = (count + QR_QUIET * 2) * QR_CELL;
  const left = CARD_WIDTH - 32 - side;
  const top = CARD_HEIGHT - 32 - side;
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(left, top, side, side);
  ctx.fillStyle = '#000000';
  const x = left + QR_QUIET * QR_CELL;
  const y = top + QR_QUIET * QR_CELL;
  for (let row = 0; row < count; row += 1)
    for (let col = 0; col < count; col += 1)
      if (code.isDark(row, col)) ctx.fillRect(x + col * QR_CELL, y + row * QR_CELL, QR_CELL, QR_CELL);
  return { x: x * SCALE, y: y * SCALE, cell: QR_CELL * SCALE, count };
}
