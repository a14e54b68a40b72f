// Mini-programs load the custom tab bar as a component, not a page.
export default { component: true };
