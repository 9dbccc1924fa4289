/** Who does an operator action, as the audit log records it. */
export interface OperatorActor {
  id: number;
  /** The client address the action came from (request.ip, proxy-aware when TRUST_PROXY is set). */
  clientAddress: string | null;
}
