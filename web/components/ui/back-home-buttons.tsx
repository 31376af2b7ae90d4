/** 'Back' and 'Home' buttons of the static pages (content-and-account-pages §2.7). */
import { Link, useNavigate } from 'react-router';
import { ArrowLeft, Home } from 'lucide-react';
import { paths } from '../../../common/paths';
import { Button, buttonClasses } from './button';

export function BackHomeButtons() {
  const navigate = useNavigate();
  return (
    <div className="flex flex-wrap gap-3">
      {/* History is read only on click, so the page renders the same on a server. */}
      <Button variant="secondary" onClick={() => void navigate(-1)}>
        <ArrowLeft className="h-4 w-4" aria-hidden="true" />
        Back
      </Button>
      <Link to={paths.home()} className={buttonClasses('secondary')}>
        <Home className="h-4 w-4" aria-hidden="true" />
        Home
      </Link>
    </div>
  );
}
