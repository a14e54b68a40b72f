/**
 * An ARIA state for a Taro component (View, Text...), as the string its attribute holds. On H5
 * Taro's wrappers also copy each prop onto the element as a property but write only strings back
 * to attributes; under Preact that property then shadows the attribute, which keeps the value it
 * was first rendered with. A string is written to the attribute on every render, so aria-* and
 * data-* values on Taro components are always strings (numbers go through String()).
 */
export function ariaState(on: boolean): 'true' | 'false' {
  return on ? 'true' : 'false';
}
