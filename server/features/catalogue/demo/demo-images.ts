/**
 * Self-made product pictures for the demo catalogue: square SVGs as `data:image/svg+xml,…` URIs
 * (URL-encoded), so the demo needs no external files and shows no one else's images. Each has the
 * category colour, a simple line icon of the product type, a short label and a "DEMO" tag (top right, clear of the card's discount badge).
 */
import escapeHtml from 'escape-html';

/** The product types we can draw. */
export type DemoIcon =
  | 'kettle'
  | 'pan'
  | 'lamp'
  | 'blender'
  | 'headphones'
  | 'speaker'
  | 'laptop'
  | 'camera'
  | 'shirt'
  | 'shoe'
  | 'bag'
  | 'watch'
  | 'jar'
  | 'dryer'
  | 'lipstick'
  | 'perfume'
  | 'dumbbell'
  | 'tent'
  | 'ball'
  | 'flask'
  | 'tyre'
  | 'car'
  | 'battery'
  | 'gamepad'
  | 'keyboard'
  | 'book'
  | 'babybottle'
  | 'teddy'
  | 'monitor'
  | 'rings'
  | 'guitar'
  | 'piano'
  | 'mic'
  | 'drum';

/** Icon strokes in a 100 × 100 box (white lines, no fill). */
const ICONS: Record<DemoIcon, string> = {
  kettle: '<path d="M25 85H75L70 35H30Z"/><path d="M40 35V25H60V35"/><path d="M72 45Q92 52 76 72"/>',
  pan: '<ellipse cx="40" cy="55" rx="30" ry="18"/><path d="M70 55H96"/>',
  lamp: '<path d="M30 15H70L80 45H20Z"/><path d="M50 45V82"/><path d="M32 85H68"/>',
  blender: '<path d="M30 15H70L64 60H36Z"/><rect x="30" y="60" width="40" height="26" rx="4"/><circle cx="50" cy="73" r="4"/>',
  headphones:
    '<path d="M20 60V50A30 30 0 0 1 80 50V60"/><rect x="12" y="56" width="16" height="28" rx="6"/><rect x="72" y="56" width="16" height="28" rx="6"/>',
  speaker: '<rect x="25" y="10" width="50" height="80" rx="8"/><circle cx="50" cy="62" r="16"/><circle cx="50" cy="28" r="7"/>',
  laptop: '<rect x="18" y="20" width="64" height="44" rx="4"/><path d="M8 76H92L86 84H14Z"/>',
  camera: '<rect x="10" y="30" width="80" height="54" rx="8"/><circle cx="50" cy="57" r="16"/><path d="M34 30L40 18H60L66 30"/>',
  shirt: '<path d="M35 12L15 25L22 40L30 36V88H70V36L78 40L85 25L65 12Q50 24 35 12Z"/>',
  shoe: '<path d="M10 70V45Q30 45 40 30L55 50Q75 55 90 62V72H10Z"/><path d="M38 40L46 48M44 34L52 42"/>',
  bag: '<rect x="18" y="35" width="64" height="52" rx="6"/><path d="M36 35V25A14 14 0 0 1 64 25V35"/>',
  watch: '<circle cx="50" cy="50" r="22"/><path d="M40 29L42 10H58L60 29M40 71L42 90H58L60 71"/><path d="M50 38V50L58 56"/>',
  jar: '<rect x="24" y="40" width="52" height="46" rx="10"/><rect x="28" y="24" width="44" height="16" rx="4"/>',
  dryer: '<circle cx="38" cy="40" r="22"/><path d="M58 30H90V50H58"/><path d="M34 62L30 90H44L46 62"/>',
  lipstick: '<rect x="34" y="52" width="32" height="38" rx="3"/><path d="M40 52V30L60 18V52"/>',
  perfume: '<rect x="24" y="40" width="52" height="48" rx="10"/><rect x="40" y="26" width="20" height="14"/><path d="M45 26V14H55V26"/>',
  dumbbell: '<path d="M25 50H75"/><rect x="10" y="30" width="14" height="40" rx="3"/><rect x="76" y="30" width="14" height="40" rx="3"/>',
  tent: '<path d="M10 85L50 15L90 85Z"/><path d="M50 15V85"/><path d="M40 85L50 60L60 85"/>',
  ball: '<circle cx="50" cy="50" r="36"/><path d="M14 50H86"/><path d="M50 14Q30 50 50 86"/><path d="M50 14Q70 50 50 86"/>',
  flask: '<rect x="32" y="26" width="36" height="64" rx="10"/><rect x="38" y="10" width="24" height="16" rx="3"/>',
  tyre: '<circle cx="50" cy="50" r="38"/><circle cx="50" cy="50" r="18"/><path d="M50 12V32M50 68V88M12 50H32M68 50H88"/>',
  car: '<path d="M10 65V52L25 48L35 32H65L78 48L90 52V65Z"/><circle cx="28" cy="68" r="9"/><circle cx="72" cy="68" r="9"/>',
  battery:
    '<rect x="12" y="30" width="76" height="48" rx="6"/><path d="M28 30V20H40V30M60 30V20H72V30"/><path d="M28 54H40M66 48V60M60 54H72"/>',
  gamepad:
    '<rect x="10" y="32" width="80" height="40" rx="20"/><path d="M28 52H42M35 45V59"/><circle cx="64" cy="48" r="3"/><circle cx="72" cy="56" r="3"/>',
  keyboard:
    '<rect x="8" y="30" width="84" height="42" rx="5"/><path d="M18 42H26M34 42H42M50 42H58M66 42H74M18 52H26M34 52H42M50 52H58M66 52H82M28 62H72"/>',
  book: '<path d="M50 25Q30 15 12 20V82Q30 77 50 87Q70 77 88 82V20Q70 15 50 25Z"/><path d="M50 25V87"/>',
  babybottle:
    '<rect x="32" y="40" width="36" height="50" rx="8"/><path d="M36 40V32H64V40"/><path d="M44 32Q50 8 56 32"/><path d="M40 56H52M40 68H52"/>',
  teddy:
    '<circle cx="50" cy="40" r="20"/><circle cx="32" cy="22" r="8"/><circle cx="68" cy="22" r="8"/><ellipse cx="50" cy="78" rx="22" ry="15"/>',
  monitor: '<rect x="12" y="16" width="76" height="52" rx="6"/><path d="M50 68V82M34 84H66"/><circle cx="50" cy="42" r="10"/>',
  rings:
    '<path d="M50 10V86"/><ellipse cx="50" cy="78" rx="32" ry="9"/><ellipse cx="50" cy="61" rx="25" ry="8"/><ellipse cx="50" cy="45" rx="18" ry="7"/><ellipse cx="50" cy="31" rx="12" ry="6"/>',
  guitar: '<circle cx="36" cy="68" r="20"/><circle cx="52" cy="50" r="13"/><path d="M58 44L88 14"/><circle cx="36" cy="68" r="5"/>',
  piano:
    '<rect x="8" y="28" width="84" height="48" rx="4"/><path d="M20 28V76M32 28V76M44 28V76M56 28V76M68 28V76M80 28V76"/><g fill="#ffffff"><rect x="16" y="28" width="8" height="28"/><rect x="28" y="28" width="8" height="28"/><rect x="52" y="28" width="8" height="28"/><rect x="64" y="28" width="8" height="28"/><rect x="76" y="28" width="8" height="28"/></g>',
  mic: '<rect x="38" y="10" width="24" height="44" rx="12"/><path d="M28 44A22 22 0 0 0 72 44"/><path d="M50 66V86M38 86H62"/>',
  drum: '<ellipse cx="50" cy="38" rx="34" ry="12"/><path d="M16 38V70Q50 90 84 70V38"/><path d="M18 10L44 32M82 10L56 32"/>',
};

/** Escapes text for an SVG text node. */
function xmlText(text: string): string {
  return escapeHtml(text);
}

/**
 * A square 400 × 400 SVG picture as a data URI. `colour` is a hex colour (the category's accent);
 * `label` is shortened to 18 characters.
 */
export function demoImageDataUri(icon: DemoIcon, label: string, colour: string): string {
  const shortLabel = label.length > 18 ? `${label.slice(0, 17)}…` : label;
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400" viewBox="0 0 400 400">` +
    `<rect width="400" height="400" fill="${colour}"/>` +
    `<circle cx="200" cy="170" r="130" fill="#ffffff" fill-opacity="0.14"/>` +
    `<g transform="translate(100 70) scale(2)" fill="none" stroke="#ffffff" stroke-width="5" stroke-linecap="round" stroke-linejoin="round">${ICONS[icon]}</g>` +
    `<text x="200" y="350" text-anchor="middle" font-family="Arial, Helvetica, sans-serif" font-size="30" font-weight="700" fill="#ffffff">${xmlText(shortLabel)}</text>` +
    `<rect x="300" y="16" width="84" height="32" rx="8" fill="#ffffff" fill-opacity="0.9"/>` +
    `<text x="342" y="39" text-anchor="middle" font-family="Arial, Helvetica, sans-serif" font-size="18" font-weight="700" fill="${colour}">DEMO</text>` +
    `</svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}
