import { createRoot } from 'react-dom/client';

// Placeholder until the console shell lands.
createRoot(document.getElementById('root')!).render(<p>Marketplace Admin</p>);
