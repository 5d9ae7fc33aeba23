/** Who a request comes from, once its session or API token is verified. */
export interface SessionUser {
  id: string;
  email: string;
  name: string;
}
