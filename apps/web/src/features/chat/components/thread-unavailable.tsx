import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { paths } from '../../../config/paths';

/** A conversation that does not exist (any more), or is someone else's. */
export function ThreadUnavailable() {
  return (
    <div className="flex flex-1 flex-col items-center justify-center gap-3 p-6 text-center">
      <h2 className="text-lg font-semibold">This conversation could not be loaded</h2>
      <p className="text-sm text-muted-foreground">It may have been deleted. Start a new chat instead.</p>
      <Link to={paths.home} className={buttonClasses('outline')}>
        New Chat
      </Link>
    </div>
  );
}
