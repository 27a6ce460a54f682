import { formatZar } from '@sekolo/shared/domain/money';

/** 500 → "5 %", 750 → "7,5 %" (en-ZA: decimal comma, a space before the sign). */
export function formatPercentBps(bps: number): string {
  const value = bps / 100;
  return `${Number.isInteger(value) ? value : value.toFixed(2).replace(/0+$/, '').replace('.', ',')} %`;
}

export { formatZar };
