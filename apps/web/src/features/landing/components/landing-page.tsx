import { PageSpinner } from '../../../components/ui/spinner';
import { useAuth } from '../../auth';
import { FeatureCards } from './feature-cards';
import { LandingHeader } from './landing-header';
import { LandingHero } from './landing-hero';
import { CommunitySection, FinalCallToAction, LandingFooter, SetupSteps } from './landing-sections';

/** The public landing page ("/" for visitors, and /landing for everyone). */
export function LandingPage() {
  const auth = useAuth();
  if (auth.isLoading) return <PageSpinner />;
  return (
    <div className="min-h-screen bg-background">
      <LandingHeader auth={auth} />
      <main>
        <LandingHero auth={auth} />
        <FeatureCards />
        <CommunitySection />
        <SetupSteps />
        <FinalCallToAction />
      </main>
      <LandingFooter />
    </div>
  );
}
