/** A reason not to start that the operator fixes outside the server; printed as is, without a stack. */
export class StartRefused extends Error {}
