export default function Page() { return <h1>newsletter-unsubscribe</h1>; }
