import { Link } from "react-router";

/** The cluster's standing description for the home page's About tabs (public-portal section 2). */
export const ABOUT_TABS = [
  {
    id: "overview",
    label: "Overview",
    content: (
      <div className="space-y-3 text-slate-700">
        <p>
          The Camp Coordination and Camp Management (CCCM) Cluster supports the people displaced in Somalia by making sure that the sites
          where they live are managed well, that services reach them, and that their voices shape the response.
        </p>
        <p>
          Working with local authorities, site management partners and other clusters, it coordinates assistance across displacement sites
          and settlements, from Baidoa and Mogadishu to Kismayo and beyond.
        </p>
      </div>
    ),
  },
  {
    id: "tasks",
    label: "Key Tasks",
    content: (
      <ul className="list-disc space-y-2 pl-5 text-slate-700">
        <li>Coordinate site management and the delivery of services in displacement sites.</li>
        <li>Monitor sites and track new arrivals, evictions and relocations.</li>
        <li>Run complaints and feedback mechanisms and refer cases to service providers.</li>
        <li>Carry out safety audits, service mapping and site verifications.</li>
        <li>Build the capacity of partners and local authorities through guidance and training.</li>
      </ul>
    ),
  },
  {
    id: "documents",
    label: "Documents",
    content: (
      <div className="space-y-3 text-slate-700">
        <p>
          The portal publishes the cluster's reports, guidelines, standard operating procedures, training material and templates. Everything
          here can be previewed, downloaded and shared without an account.
        </p>
        <p>
          <Link to="/documents" className="font-medium text-brand-700 hover:underline">
            Browse the document library
          </Link>{" "}
          or read{" "}
          <Link to="/about" className="font-medium text-brand-700 hover:underline">
            how to use the portal
          </Link>
          .
        </p>
      </div>
    ),
  },
];
