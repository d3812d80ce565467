/** A slug function with a bug: it keeps the trailing hyphen. */
export function slug(title) {
  return title.toLowerCase().replace(/[^a-z0-9]+/g, '-');
}
