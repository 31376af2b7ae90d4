/** How the analytics tabs write their numbers: en-GB grouping ("1,234"), and "1 click" / "1,234 clicks". */
export const count = (n: number) => n.toLocaleString('en-GB');

/** "1 click", "1,234 clicks". */
export const clicksText = (n: number) => `${count(n)} ${n === 1 ? 'click' : 'clicks'}`;
