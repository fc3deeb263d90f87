import logo from '../kit/logo.svg';

export const SPLASH_MS = 1000;

export function Splash() {
  return (
    <div className="splash" role="status" aria-label="Starting CRM">
      <img src={logo} alt="" width="72" height="72" />
      <span className="splash__name">CRM</span>
    </div>
  );
}
