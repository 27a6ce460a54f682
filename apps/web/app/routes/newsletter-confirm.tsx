export default function Page() { return <h1>newsletter-confirm</h1>; }
