const ONES = [
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
  'seventeen',
  'eighteen',
  'nineteen',
];
const TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];

function belowThousand(n: number): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  const parts: string[] = [];
  if (hundreds) parts.push(`${ONES[hundreds]} hundred`);
  if (rest) {
    const words = rest < 20 ? ONES[rest]! : `${TENS[Math.floor(rest / 10)]}${rest % 10 ? `-${ONES[rest % 10]}` : ''}`;
    parts.push(hundreds ? `and ${words}` : words);
  }
  return parts.join(' ');
}

/** A whole number in British English words, as South African receipts write it: 47500 → "forty-seven thousand five hundred". */
export function numberInWords(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0) throw new Error('numberInWords takes a whole number of at least 0.');
  if (n === 0) return 'zero';
  const scales: [number, string][] = [
    [1_000_000_000, 'billion'],
    [1_000_000, 'million'],
    [1_000, 'thousand'],
  ];
  const parts: string[] = [];
  let rest = n;
  for (const [size, name] of scales) {
    if (rest >= size) {
      parts.push(`${belowThousand(Math.floor(rest / size))} ${name}`);
      rest %= size;
    }
  }
  if (rest) parts.push(parts.length && rest < 100 ? `and ${belowThousand(rest)}` : belowThousand(rest));
  return parts.join(' ');
}

/** An amount of cents in words: 4750050 → "Forty-seven thousand five hundred rand and fifty cents". */
export function randInWords(cents: number): string {
  const rands = Math.floor(cents / 100);
  const rest = cents % 100;
  let words = `${numberInWords(rands)} rand`;
  if (rest) words += ` and ${numberInWords(rest)} ${rest === 1 ? 'cent' : 'cents'}`;
  return words.charAt(0).toUpperCase() + words.slice(1);
}
