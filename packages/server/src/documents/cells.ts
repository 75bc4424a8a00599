/**
 * Cell values of every exported spreadsheet ( "Exported spreadsheets", OWASP "CSV
 * injection"): a text that a spreadsheet program would take for a formula when the cell is opened or
 * edited is written as text behind an apostrophe, so that what a candidate typed is never run on an
 * administrator's computer. Every export (xlsx now, csv if one comes) passes its values through
 * escapeCell.
 */

/**
 * First characters that start a formula or a DDE call: `=`, `+`, `-`, `@`, tab and CR, and the
 * full-width `＝＋－＠` that some spreadsheet programs convert when a cell is edited.
 */
const FORMULA_START = /^[=+\-@\t\r＝＋－＠]/;

/**
 * `value` made safe for a spreadsheet cell: a string starting with one of FORMULA_START gets a
 * leading apostrophe (`=1+1` → `'=1+1`); other strings, numbers, dates, booleans and null pass
 * unchanged (a number is data, never a formula).
 */
export function escapeCell<T>(value: T): T | string {
  return typeof value === 'string' && FORMULA_START.test(value) ? `'${value}` : value;
}
