/**
 * The alerts feature's public module (docs/architecture.md "Import rules"): starting the alerts a
 * proved mailbox was waiting for, which alerts a visitor may reach, and the one mapping of an alert
 * row onto the API's DealAlert.
 */
export { approveAlerts, OTHER_ADDRESS, reachableAlertIds, TOKEN_REQUIRED, waitingAlertTitles } from './alerts.service';
export { toDealAlert, type AlertRow } from './alert-shape';
