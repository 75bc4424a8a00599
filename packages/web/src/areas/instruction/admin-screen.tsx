/** Placeholder while the screen is being built (issue 8). */
export default function Placeholder() {
  return null;
}
