/**
 * The visitors feature's public module (docs/architecture.md "Import rules"): visitor tokens (device
 * and mailbox), the guard that reads them on each request, and what a token may reach.
 */
export { visitorOnRequest } from './visitor.guard';
export { canReachRow, deviceTokenFor, issueVisitorToken, type Visitor } from './visitors.service';
